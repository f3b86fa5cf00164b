import { avatarInitials } from '../lib/initials';

/** The client's 2-letter avatar (spec 02 §9); decorative, the name is always written beside it. */
export function ClientAvatar({ name, size = 'medium' }: { name: string; size?: 'medium' | 'large' }) {
  return (
    <span className={`client-avatar client-avatar--${size}`} aria-hidden="true">
      {avatarInitials(name)}
    </span>
  );
}
