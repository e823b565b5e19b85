import type { AdType, ProductCondition, ShippingType } from '../../../domain/ad';
import { HOUR_MS, DAY_MS } from '../../../domain/timing';

/**
 * Demo people and ads so a fresh `npm start` shows a living marketplace. Every demo account
 * signs in with DEMO_PASSWORD (the README says so).
 */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  city: string;
  about: string;
}

export const DEMO_USERS: DemoUser[] = [
  { key: 'ahmed', firstName: 'أحمد', lastName: 'العتيبي', email: 'ahmed@example.com', phone: '966501234567', country: 'SA', city: 'Riyadh', about: 'تاجر سيارات مستعملة في الرياض منذ ٢٠١٢.' },
  { key: 'sara', firstName: 'سارة', lastName: 'الحربي', email: 'sara@example.com', phone: '966551234567', country: 'SA', city: 'Jeddah', about: 'أبيع الأجهزة الإلكترونية الأصلية بالضمان.' },
  { key: 'omar', firstName: 'Omar', lastName: 'Haddad', email: 'omar@example.com', phone: '962791234567', country: 'JO', city: 'Amman', about: 'Furniture and laptops, Amman. Delivery across Jordan.' },
  { key: 'mona', firstName: 'منى', lastName: 'فتحي', email: 'mona@example.com', phone: '201001234567', country: 'EG', city: 'Cairo', about: 'أجهزة منزلية بحالة ممتازة في القاهرة والجيزة.' },
];

export interface DemoAd {
  owner: string;
  type: AdType;
  title: string;
  description: string;
  category: string;
  subcategory: string;
  brand?: string;
  condition: ProductCondition;
  country: string;
  city: string;
  /** Amounts in major units; the seeder converts them to the country currency's minor units. */
  price?: number;
  openingAmount?: number;
  onBackPrice?: number;
  instantPurchaseAmount?: number;
  shipping: ShippingType;
  shippingFee?: number;
  negotiable?: boolean;
  returnable?: boolean;
  cashOnDelivery?: boolean;
  allowDecimalBids?: boolean;
  /** Relative to the seeding moment; stored as absolute timestamps. */
  startsInMs?: number;
  endsInMs?: number;
  auctionDurationMs?: number;
  subAuctionDurationMs?: number;
  liveLink?: string;
  offersVisibleToSubscribers?: boolean;
}

export const DEMO_ADS: DemoAd[] = [
  {
    owner: 'ahmed', type: 'INSTANT_SALE', title: 'تويوتا كامري 2021 فل كامل', category: 'vehicles', subcategory: 'cars', brand: 'Toyota',
    description: 'كامري 2021 لون أبيض، ممشى 48 ألف كم، صيانة وكالة، بدون حوادث، فحص دوري ساري.',
    condition: 'USED', country: 'SA', city: 'Riyadh', price: 85000, shipping: 'FREE', negotiable: true, cashOnDelivery: true,
  },
  {
    owner: 'sara', type: 'INSTANT_SALE', title: 'آيفون 15 برو ماكس 256 جيجا', category: 'electronics', subcategory: 'mobiles', brand: 'Apple',
    description: 'جديد بالكرتون، لون تيتانيوم طبيعي، ضمان أبل سنة كاملة. الشحن لجميع مدن المملكة.',
    condition: 'NEW', country: 'SA', city: 'Jeddah', price: 4200, shipping: 'PAID', shippingFee: 30, returnable: true,
  },
  {
    owner: 'sara', type: 'INSTANT_SALE_AND_AUCTION', title: 'بلايستيشن 5 مع يدّين وثلاث ألعاب', category: 'electronics', subcategory: 'gaming', brand: 'PlayStation',
    description: 'جهاز بحالة الجديد استخدام شهرين، معه يدّين أصليتين وألعاب FIFA وSpider-Man وGran Turismo. اشترِ الآن أو زايد.',
    condition: 'USED', country: 'SA', city: 'Jeddah', openingAmount: 1500, onBackPrice: 1800, instantPurchaseAmount: 2200, negotiable: true,
    shipping: 'PAID', shippingFee: 25, startsInMs: 0, endsInMs: 3 * DAY_MS,
  },
  {
    owner: 'ahmed', type: 'PUBLIC_AUCTION', title: 'ساعة رولكس صب مارينر أصلية', category: 'fashion', subcategory: 'watches', brand: 'Rolex',
    description: 'رولكس صب مارينر موديل 2019 مع الكرتون والأوراق. المزاد علني والسعر الأدنى مخفي.',
    condition: 'USED', country: 'SA', city: 'Riyadh', openingAmount: 25000, onBackPrice: 30000, shipping: 'FREE',
    startsInMs: 0, endsInMs: 2 * DAY_MS, auctionDurationMs: 2 * DAY_MS, subAuctionDurationMs: 10 * 60 * 1000,
  },
  {
    owner: 'ahmed', type: 'PRIVATE_AUCTION', title: 'أرض سكنية في حي النرجس 600 م²', category: 'real-estate', subcategory: 'land',
    description: 'أرض سكنية شمال الرياض على شارعين، صك إلكتروني. المزاد خاص بالمشاركين المقبولين فقط.',
    condition: 'NOT_SPECIFIED', country: 'SA', city: 'Riyadh', openingAmount: 1200000, onBackPrice: 1400000, shipping: 'FREE',
    startsInMs: 0, endsInMs: 5 * DAY_MS, auctionDurationMs: 5 * DAY_MS, subAuctionDurationMs: 15 * 60 * 1000,
  },
  {
    owner: 'ahmed', type: 'LIVE_AUCTION', title: 'مزاد مباشر على إبل مجاهيم', category: 'animals', subcategory: 'camels',
    description: 'مزاد مباشر على عشرين ناقة مجاهيم من أفضل السلالات، يُبث على الهواء مع مزايدة لحظية.',
    condition: 'NOT_SPECIFIED', country: 'SA', city: 'Buraidah', openingAmount: 40000, onBackPrice: 50000, shipping: 'FREE',
    startsInMs: DAY_MS, endsInMs: DAY_MS + 2 * HOUR_MS, auctionDurationMs: 2 * HOUR_MS, subAuctionDurationMs: 10 * 60 * 1000,
    liveLink: 'https://live.example.com/camels-buraidah',
  },
  {
    owner: 'mona', type: 'PUBLIC_TENDER', title: 'مناقصة توريد وتركيب مكيفات لمبنى إداري', category: 'home-appliances', subcategory: 'air-conditioners',
    description: 'مطلوب توريد وتركيب 40 مكيف سبليت 24 ألف وحدة مع الضمان والصيانة لسنة. تُرفق كراسة الشروط.',
    condition: 'NEW', country: 'EG', city: 'Cairo', shipping: 'FREE', startsInMs: 0, endsInMs: 7 * DAY_MS, offersVisibleToSubscribers: true,
  },
  {
    owner: 'omar', type: 'PRIVATE_TENDER', title: 'Private tender: generator maintenance contract', category: 'equipment', subcategory: 'generators', brand: 'Cummins',
    description: 'One-year preventive maintenance contract for six Cummins generators in Amman. Invited contractors only.',
    condition: 'NOT_SPECIFIED', country: 'JO', city: 'Amman', shipping: 'FREE', startsInMs: 0, endsInMs: 10 * DAY_MS,
  },
  {
    owner: 'omar', type: 'INSTANT_SALE', title: 'MacBook Air M2 13-inch, 16 GB', category: 'electronics', subcategory: 'laptops', brand: 'Apple',
    description: 'Midnight colour, 512 GB SSD, battery health 94%. Original charger and box.',
    condition: 'USED', country: 'JO', city: 'Amman', price: 750, shipping: 'PAID', shippingFee: 3, negotiable: true,
  },
  {
    owner: 'omar', type: 'INSTANT_SALE', title: 'كنب زاوية مودرن 7 مقاعد', category: 'furniture', subcategory: 'living-rooms', brand: 'IKEA',
    description: 'كنب زاوية رمادي بحالة ممتازة، قماش قابل للغسل. التوصيل داخل عمّان مجاناً.',
    condition: 'USED', country: 'JO', city: 'Amman', price: 320, shipping: 'FREE', cashOnDelivery: true,
  },
  {
    owner: 'mona', type: 'INSTANT_SALE', title: 'غسالة سامسونج 9 كيلو فوق أوتوماتيك', category: 'home-appliances', subcategory: 'washing-machines', brand: 'Samsung',
    description: 'غسالة تحميل أمامي 9 كيلو، إنفرتر موفرة للكهرباء، استخدام سنة واحدة.',
    condition: 'USED', country: 'EG', city: 'Giza', price: 14500, shipping: 'PAID', shippingFee: 250, negotiable: true, cashOnDelivery: true,
  },
  {
    owner: 'sara', type: 'INSTANT_SALE', title: 'شاشة إل جي أوليد 65 بوصة', category: 'electronics', subcategory: 'tvs', brand: 'LG',
    description: 'شاشة OLED C3 مقاس 65 بوصة، جديدة بالضمان، مع حامل جداري.',
    condition: 'NEW', country: 'SA', city: 'Dammam', price: 7900, shipping: 'FREE', returnable: true,
  },
];
