/**
 * Countries served and their main cities. Country names are not here: they come from
 * i18n-iso-countries at request time, in the visitor's language.
 */
export interface SeedCountry {
  code: string;
  dialCode: string;
  currency: string;
  cities: Array<[en: string, ar: string]>;
}

export const SEED_COUNTRIES: SeedCountry[] = [
  {
    code: 'SA', dialCode: '966', currency: 'SAR',
    cities: [['Riyadh', 'الرياض'], ['Jeddah', 'جدة'], ['Makkah', 'مكة المكرمة'], ['Madinah', 'المدينة المنورة'], ['Dammam', 'الدمام'], ['Khobar', 'الخبر'], ['Al Ahsa', 'الأحساء'], ['Taif', 'الطائف'], ['Tabuk', 'تبوك'], ['Abha', 'أبها'], ['Buraidah', 'بريدة'], ['Hail', 'حائل'], ['Jazan', 'جازان'], ['Najran', 'نجران']],
  },
  {
    code: 'AE', dialCode: '971', currency: 'AED',
    cities: [['Dubai', 'دبي'], ['Abu Dhabi', 'أبوظبي'], ['Sharjah', 'الشارقة'], ['Ajman', 'عجمان'], ['Ras Al Khaimah', 'رأس الخيمة'], ['Fujairah', 'الفجيرة'], ['Umm Al Quwain', 'أم القيوين'], ['Al Ain', 'العين']],
  },
  {
    code: 'KW', dialCode: '965', currency: 'KWD',
    cities: [['Kuwait City', 'مدينة الكويت'], ['Hawalli', 'حولي'], ['Farwaniya', 'الفروانية'], ['Ahmadi', 'الأحمدي'], ['Jahra', 'الجهراء'], ['Mubarak Al-Kabeer', 'مبارك الكبير']],
  },
  {
    code: 'QA', dialCode: '974', currency: 'QAR',
    cities: [['Doha', 'الدوحة'], ['Al Rayyan', 'الريان'], ['Al Wakrah', 'الوكرة'], ['Al Khor', 'الخور'], ['Umm Salal', 'أم صلال']],
  },
  {
    code: 'BH', dialCode: '973', currency: 'BHD',
    cities: [['Manama', 'المنامة'], ['Muharraq', 'المحرق'], ['Riffa', 'الرفاع'], ['Hamad Town', 'مدينة حمد'], ['Isa Town', 'مدينة عيسى']],
  },
  {
    code: 'OM', dialCode: '968', currency: 'OMR',
    cities: [['Muscat', 'مسقط'], ['Salalah', 'صلالة'], ['Sohar', 'صحار'], ['Nizwa', 'نزوى'], ['Sur', 'صور']],
  },
  {
    code: 'EG', dialCode: '20', currency: 'EGP',
    cities: [['Cairo', 'القاهرة'], ['Alexandria', 'الإسكندرية'], ['Giza', 'الجيزة'], ['Mansoura', 'المنصورة'], ['Tanta', 'طنطا'], ['Port Said', 'بورسعيد'], ['Luxor', 'الأقصر'], ['Aswan', 'أسوان']],
  },
  {
    code: 'JO', dialCode: '962', currency: 'JOD',
    cities: [['Amman', 'عمّان'], ['Zarqa', 'الزرقاء'], ['Irbid', 'إربد'], ['Aqaba', 'العقبة'], ['Salt', 'السلط'], ['Madaba', 'مادبا']],
  },
];

/** City ids are stable: the country's position times 100 plus the city's position, from 1. */
export function seedCityId(countryIndex: number, cityIndex: number): number {
  return (countryIndex + 1) * 100 + cityIndex + 1;
}
