import { COMPANY } from './company';

/** Product name shown in headers and tab titles: the stage's configured brand (domain/company.ts). */
export const BRAND_NAME = COMPANY.brand;
