/**
 * The names a document must print in any alphabet (docs/decisions.md, "Names in any alphabet; a local runtime that
 * survives any URL"), shared by the unit and integration tests: each as a person may type or paste it, and what the
 * documents must print. 'José' arrives decomposed (e + U+0301, common after a copy and paste).
 */
export const PRINTABLE_NAMES = [
  { typed: 'Jose\u0301 da Silva', printed: 'José da Silva', masked: 'José S.' },
  { typed: 'Łukasz Żółć', printed: 'Łukasz Żółć', masked: 'Łukasz Ż.' },
  { typed: 'Nguyễn Thị', printed: 'Nguyễn Thị', masked: 'Nguyễn T.' },
  { typed: 'Zoë Ñúñez', printed: 'Zoë Ñúñez', masked: 'Zoë Ñ.' },
] as const;

/** Refused by the profile with a message, never a 500: emoji are not printable (domain/printable-text.ts). */
export const EMOJI_NAME = 'Ana 😀';

/** Invisible characters pasted into a name: zero-width space, right-to-left override, first-strong isolate, BOM (a leading one is trimmed as
 * whitespace, so it sits inside here). */
export const INVISIBLE_NAMES = [
  'Ana\u200BMaria',
  'Ana \u202EairaM',
  'Ana \u2068Maria\u2069',
  'Ana\uFEFFMaria',
] as const;
