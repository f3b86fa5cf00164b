/**
 * The few line icons the landing page uses, drawn inline (24×24, stroke = currentColor) instead of an icon library: an
 * icon package would cost more JavaScript than the whole page. Always decorative: the text next to them carries the
 * meaning.
 */
const PATHS = {
  card: 'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM3 10h18M7 15h4',
  home: 'M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-5h4v5',
  store:
    'M4 9l1.5-5h13L20 9M4 9h16M4 9a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0A2.7 2.7 0 0 0 20 9M5.5 12v8h13v-8M10 20v-4h4v4',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5V12l3 2',
  document:
    'M14 3H6.5A1.5 1.5 0 0 0 5 4.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8zM14 3v5h5M8.5 13h7M8.5 16.5h5',
  scale: 'M12 4v16M8 20h8M5 7h14M5 7l-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z',
  signature: 'M4 19h16M5 15c2.5-6 4.5-9 6-9 2 0-1 8 1 8 1.2 0 2-2.5 3-2.5s1 2 2.5 2',
  chart: 'M4 4v16h16M8 15l3.5-4 3 2.5L20 7',
  chat: 'M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12zM9 10.5h6M9 13.5h4',
  shield: 'M12 3l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6zM8.8 12l2.2 2.2 4.2-4.4',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  alert: 'M12 3.5l9.5 16.5h-19zM12 10v4.5M12 17.3v.2',
  mail: 'M3.5 6h17v12h-17zM3.5 6.5l8.5 6.5 8.5-6.5',
  phone:
    'M6.6 3.5h2.9l1.5 4-2 1.3a10.5 10.5 0 0 0 6.2 6.2l1.3-2 4 1.5v2.9a1.7 1.7 0 0 1-1.8 1.7C11.2 18.6 5.4 12.8 4.9 5.3a1.7 1.7 0 0 1 1.7-1.8z',
  gift: 'M4 9h16v4H4zM5.5 13h13v7.5h-13zM12 9v11.5M12 9c-1-3-5-4.5-5-2s3.5 2 5 2c1.5 0 5 .5 5-2s-4-1-5 2',
  arrow: 'M5 12h14M13 6l6 6-6 6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Five filled stars; the caller gives the rating in words for assistive tech. */
export function Stars({ className }: { className?: string }) {
  return (
    <span className={className ? `stars ${className}` : 'stars'} aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <svg key={index} width="18" height="18" viewBox="0 0 24 24" focusable="false">
          <path
            fill="currentColor"
            d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
          />
        </svg>
      ))}
    </span>
  );
}
