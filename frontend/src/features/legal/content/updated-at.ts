/**
 * The date both legal documents show as "Última atualização". A constant, never the clock: the pages are prerendered
 * and hydrated, and the date must change only when the text does.
 *
 * LEGAL REVIEW: the Terms of Use and the Privacy Policy (content/terms.tsx, content/privacy.tsx) are an engineering
 * draft. The company's lawyer must review and approve both texts before launch; update this date with every change.
 */
export const LEGAL_UPDATED_AT = { iso: '2026-11-27', label: '27/11/2026' } as const;
