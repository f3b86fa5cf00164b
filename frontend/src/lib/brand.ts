/** Product name shown in headers and tab titles; the spec leaves it open. */
export const BRAND_NAME = 'Limpa Nome';
