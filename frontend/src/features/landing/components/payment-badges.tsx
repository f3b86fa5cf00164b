/**
 * Wordmarks of the payment methods the provider processes (spec 01 §1), drawn inline: no image requests, and no
 * third-party asset to license or keep in sync. Simplified on purpose; each carries its name for assistive tech.
 */
const BADGES = [
  {
    name: 'PIX',
    art: (
      <>
        <path fill="#32BCAD" d="M14 4.5l9.5 9.5-9.5 9.5L4.5 14zM14 9.5L9.5 14l4.5 4.5 4.5-4.5z" />
        <text x="28" y="19.5" fontSize="15" fontWeight="700" fill="#1b2430">
          pix
        </text>
      </>
    ),
  },
  {
    name: 'Boleto',
    art: (
      <>
        <path
          fill="#1b2430"
          d="M5 7h1.6v14H5zM8 7h.8v14H8zM10 7h2v14h-2zM13.4 7h.8v14h-.8zM15.4 7h1.6v14h-1.6zM18.3 7h.8v14h-.8z"
        />
        <text x="23" y="19" fontSize="12.5" fontWeight="700" fill="#1b2430">
          boleto
        </text>
      </>
    ),
  },
  {
    name: 'Visa',
    art: (
      <text x="32" y="20.5" textAnchor="middle" fontSize="17" fontWeight="800" fontStyle="italic" fill="#1a1f71">
        VISA
      </text>
    ),
  },
  {
    name: 'Mastercard',
    art: (
      <>
        <circle cx="26" cy="14" r="9" fill="#eb001b" />
        <circle cx="38" cy="14" r="9" fill="#f79e1b" />
        <path fill="#ff5f00" d="M32 7.3a9 9 0 0 1 0 13.4 9 9 0 0 1 0-13.4z" />
      </>
    ),
  },
  {
    name: 'Elo',
    art: (
      <>
        <circle cx="17" cy="9" r="3" fill="#ffcb05" />
        <circle cx="13" cy="15" r="3" fill="#00a4e0" />
        <circle cx="17" cy="21" r="3" fill="#ef4123" />
        <text x="24" y="20" fontSize="16" fontWeight="800" fill="#1b2430">
          elo
        </text>
      </>
    ),
  },
] as const;

export function PaymentBadges() {
  return (
    <ul className="payment-badges" aria-label="Meios de pagamento processados pelo provedor">
      {BADGES.map(({ name, art }) => (
        <li key={name} className="payment-badges__item">
          <svg role="img" aria-label={name} width="64" height="28" viewBox="0 0 64 28" fontFamily="Arial, sans-serif">
            <title>{name}</title>
            {art}
          </svg>
        </li>
      ))}
    </ul>
  );
}
