import type { Feature } from '../content';
import { Icon } from './icon';

/** A grid of icon + title + text cards (pain points, solution). */
export function FeatureList({ items, tone }: { items: readonly Feature[]; tone: 'pain' | 'solution' }) {
  return (
    <ul className={`feature-grid feature-grid--${tone}`}>
      {items.map(({ icon, title, text }) => (
        <li key={title} className="feature">
          <span className="feature__icon">
            <Icon name={icon} />
          </span>
          <h3 className="feature__title">{title}</h3>
          <p className="feature__text">{text}</p>
        </li>
      ))}
    </ul>
  );
}
