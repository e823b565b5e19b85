/** The category tree seeded on first run: real marketplace categories, subcategories and brands. */
export interface SeedBrand {
  ar: string;
  en: string;
}
/** `icon` names an icon of the client's category icon set. */
export interface SeedCategory {
  slug: string;
  ar: string;
  en: string;
  icon: string;
  children?: SeedCategory[];
  brands?: SeedBrand[];
}

const brand = (en: string, ar: string): SeedBrand => ({ en, ar });

export const CATEGORY_TREE: SeedCategory[] = [
  {
    slug: 'vehicles', ar: 'مركبات', en: 'Vehicles', icon: 'car',
    children: [
      { slug: 'cars', ar: 'سيارات', en: 'Cars', icon: 'car-front', brands: [brand('Toyota', 'تويوتا'), brand('Hyundai', 'هيونداي'), brand('Nissan', 'نيسان'), brand('Ford', 'فورد'), brand('Mercedes-Benz', 'مرسيدس بنز'), brand('Lexus', 'لكزس'), brand('Chevrolet', 'شيفروليه')] },
      { slug: 'motorcycles', ar: 'دراجات نارية', en: 'Motorcycles', icon: 'bike', brands: [brand('Honda', 'هوندا'), brand('Yamaha', 'ياماها'), brand('Harley-Davidson', 'هارلي ديفيدسون')] },
      { slug: 'trucks', ar: 'شاحنات', en: 'Trucks', icon: 'truck', brands: [brand('Isuzu', 'إيسوزو'), brand('Volvo', 'فولفو'), brand('Mercedes-Benz', 'مرسيدس بنز')] },
      { slug: 'spare-parts', ar: 'قطع غيار', en: 'Spare parts', icon: 'wrench', brands: [brand('Bosch', 'بوش'), brand('Denso', 'دينسو')] },
    ],
  },
  {
    slug: 'real-estate', ar: 'عقارات', en: 'Real estate', icon: 'house',
    children: [
      { slug: 'apartments-for-sale', ar: 'شقق للبيع', en: 'Apartments for sale', icon: 'building' },
      { slug: 'apartments-for-rent', ar: 'شقق للإيجار', en: 'Apartments for rent', icon: 'key' },
      { slug: 'villas', ar: 'فلل', en: 'Villas', icon: 'house' },
      { slug: 'land', ar: 'أراضٍ', en: 'Land', icon: 'map' },
      { slug: 'commercial', ar: 'محلات ومكاتب تجارية', en: 'Shops and offices', icon: 'store' },
    ],
  },
  {
    slug: 'electronics', ar: 'إلكترونيات', en: 'Electronics', icon: 'smartphone',
    children: [
      { slug: 'mobiles', ar: 'جوالات', en: 'Mobile phones', icon: 'smartphone', brands: [brand('Apple', 'أبل'), brand('Samsung', 'سامسونج'), brand('Huawei', 'هواوي'), brand('Xiaomi', 'شاومي')] },
      { slug: 'laptops', ar: 'لابتوبات', en: 'Laptops', icon: 'laptop', brands: [brand('Apple', 'أبل'), brand('Dell', 'ديل'), brand('HP', 'إتش بي'), brand('Lenovo', 'لينوفو')] },
      { slug: 'tvs', ar: 'شاشات وتلفزيونات', en: 'TVs and screens', icon: 'tv', brands: [brand('Samsung', 'سامسونج'), brand('LG', 'إل جي'), brand('Sony', 'سوني')] },
      { slug: 'gaming', ar: 'ألعاب إلكترونية', en: 'Video games', icon: 'gamepad', brands: [brand('PlayStation', 'بلايستيشن'), brand('Xbox', 'إكس بوكس'), brand('Nintendo', 'نينتندو')] },
      { slug: 'cameras', ar: 'كاميرات', en: 'Cameras', icon: 'camera', brands: [brand('Canon', 'كانون'), brand('Nikon', 'نيكون'), brand('Sony', 'سوني')] },
    ],
  },
  {
    slug: 'furniture', ar: 'أثاث', en: 'Furniture', icon: 'sofa',
    children: [
      { slug: 'living-rooms', ar: 'مجالس وكنب', en: 'Living rooms and sofas', icon: 'sofa', brands: [brand('IKEA', 'ايكيا'), brand('Home Centre', 'هوم سنتر')] },
      { slug: 'bedrooms', ar: 'غرف نوم', en: 'Bedrooms', icon: 'bed', brands: [brand('IKEA', 'ايكيا'), brand('Home Centre', 'هوم سنتر')] },
      { slug: 'office-furniture', ar: 'أثاث مكتبي', en: 'Office furniture', icon: 'armchair' },
      { slug: 'kitchens', ar: 'مطابخ', en: 'Kitchens', icon: 'cooking-pot' },
    ],
  },
  {
    slug: 'home-appliances', ar: 'أجهزة منزلية', en: 'Home appliances', icon: 'washing-machine',
    children: [
      { slug: 'refrigerators', ar: 'ثلاجات', en: 'Refrigerators', icon: 'refrigerator', brands: [brand('LG', 'إل جي'), brand('Samsung', 'سامسونج'), brand('Whirlpool', 'ويرلبول')] },
      { slug: 'washing-machines', ar: 'غسالات', en: 'Washing machines', icon: 'washing-machine', brands: [brand('Bosch', 'بوش'), brand('LG', 'إل جي'), brand('Samsung', 'سامسونج')] },
      { slug: 'air-conditioners', ar: 'مكيفات', en: 'Air conditioners', icon: 'air-vent', brands: [brand('Gree', 'جري'), brand('Carrier', 'كاريير'), brand('LG', 'إل جي')] },
    ],
  },
  {
    slug: 'fashion', ar: 'أزياء وموضة', en: 'Fashion', icon: 'shirt',
    children: [
      { slug: 'mens-clothing', ar: 'ملابس رجالية', en: "Men's clothing", icon: 'shirt' },
      { slug: 'womens-clothing', ar: 'ملابس نسائية', en: "Women's clothing", icon: 'shirt' },
      { slug: 'watches', ar: 'ساعات', en: 'Watches', icon: 'watch', brands: [brand('Rolex', 'رولكس'), brand('Casio', 'كاسيو'), brand('Omega', 'أوميغا')] },
      { slug: 'perfumes', ar: 'عطور', en: 'Perfumes', icon: 'spray-can', brands: [brand('Arabian Oud', 'العربية للعود'), brand('Abdul Samad Al Qurashi', 'عبدالصمد القرشي')] },
    ],
  },
  {
    slug: 'animals', ar: 'حيوانات', en: 'Animals', icon: 'paw-print',
    children: [
      { slug: 'camels', ar: 'إبل', en: 'Camels', icon: 'paw-print' },
      { slug: 'sheep', ar: 'أغنام', en: 'Sheep', icon: 'paw-print' },
      { slug: 'horses', ar: 'خيل', en: 'Horses', icon: 'paw-print' },
      { slug: 'birds', ar: 'طيور', en: 'Birds', icon: 'bird' },
    ],
  },
  {
    slug: 'equipment', ar: 'معدات', en: 'Equipment', icon: 'tractor',
    children: [
      { slug: 'heavy-equipment', ar: 'معدات ثقيلة', en: 'Heavy equipment', icon: 'tractor', brands: [brand('Caterpillar', 'كاتربيلر'), brand('Komatsu', 'كوماتسو'), brand('JCB', 'جي سي بي')] },
      { slug: 'generators', ar: 'مولدات كهربائية', en: 'Generators', icon: 'zap', brands: [brand('Cummins', 'كمنز'), brand('Perkins', 'بيركنز')] },
    ],
  },
  {
    slug: 'services', ar: 'خدمات', en: 'Services', icon: 'briefcase',
    children: [
      { slug: 'moving', ar: 'نقل عفش', en: 'Moving', icon: 'package' },
      { slug: 'maintenance', ar: 'صيانة', en: 'Maintenance', icon: 'hammer' },
      { slug: 'cleaning', ar: 'تنظيف', en: 'Cleaning', icon: 'sparkles' },
    ],
  },
  {
    slug: 'sports', ar: 'رياضة ورحلات', en: 'Sports and outdoors', icon: 'bike',
    children: [
      { slug: 'bicycles', ar: 'دراجات هوائية', en: 'Bicycles', icon: 'bike', brands: [brand('Trek', 'تريك'), brand('Giant', 'جاينت')] },
      { slug: 'fitness', ar: 'أجهزة رياضية', en: 'Fitness equipment', icon: 'dumbbell' },
      { slug: 'camping', ar: 'رحلات وتخييم', en: 'Camping', icon: 'tent' },
    ],
  },
];
