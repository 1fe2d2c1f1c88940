import type { CityCode } from '../../../shared/cities.ts';
import type { CountryCode } from '../../../shared/countries.ts';

/** The shapes of the demo courses, printing prices and vacancies as the seed files write them. */
export interface CourseCategorySeed {
  slug: string;
  name: string;
  description: string;
}

export interface CourseSeed {
  slug: string;
  title: string;
  /** Slug of a `CourseCategorySeed`. */
  category: string;
  city: CityCode;
  venue: string;
  address: string;
  /** First day: this many days after the day the demo data is loaded (negative: a past course). */
  startInDays: number;
  /** Number of consecutive days, at least 1. */
  days: number;
  dayStarts: string;
  dayEnds: string;
  schedule: string;
  /** Decimal string in `currency`. */
  price: string;
  currency: 'KZT' | 'KGS';
  lecturer: string;
  lecturerTitle: string;
  seatsTotal: number;
  seatsLeft: number;
  lead: string;
  /** HTML; sanitised when stored. */
  description: string;
  cover: string | null;
}

export interface PrintingPriceSeed {
  service: string;
  material: string;
  unit: string;
  leadTime: string;
  description: string;
  /** Decimal strings per country; a country left out does not offer the service. */
  prices: Partial<Record<CountryCode, string>>;
}

export interface VacancySeed {
  slug: string;
  title: string;
  country: CountryCode;
  city: CityCode;
  employmentType: 'full_time' | 'part_time' | 'shift' | 'internship';
  /** Monthly, decimal strings; both null: «по договорённости». */
  salaryFrom: string | null;
  salaryTo: string | null;
  salaryCurrency: 'KZT' | 'KGS' | null;
  lead: string;
  duties: string[];
  requirements: string[];
  conditions: string[];
  isOpen: boolean;
  daysAgo: number;
  /** Applications taken for this many days after publication; null: until closed. */
  validForDays: number | null;
}
