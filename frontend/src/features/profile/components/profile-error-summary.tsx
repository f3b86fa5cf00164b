import { forwardRef } from 'react';
import { Alert, Text } from '@aws-amplify/ui-react';
import { PROFILE_MESSAGES } from '@domain/messages.js';

export type SummaryItem = { name: string; label: string; message: string };

/** The id a profile field's input carries, so the summary can lead to it. */
export const profileFieldId = (name: string) => `perfil-${name}`;

/**
 * A refused save of a long form: on a phone most fields are off screen, so the problems are listed at the top as
 * well as under each field. The summary takes the focus (it is read out and scrolled into view); each line moves the
 * focus to its field.
 */
export const ProfileErrorSummary = forwardRef<HTMLDivElement, { items: SummaryItem[] }>(function ProfileErrorSummary(
  { items },
  ref,
) {
  const focusField = (name: string) => {
    const field =
      document.getElementById(profileFieldId(name)) ?? document.querySelector<HTMLElement>(`[name="${name}"]`);
    field?.focus();
  };
  return (
    // A plain element takes the focus: Amplify's Alert keeps its own props.
    <div ref={ref} tabIndex={-1} className="error-summary" role="group" aria-label={PROFILE_MESSAGES.errorSummaryTitle}>
      <Alert variation="error" heading={PROFILE_MESSAGES.errorSummaryTitle}>
        <ul>
          {items.map((item) => (
            <li key={item.name}>
              <a
                href={`#${profileFieldId(item.name)}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(item.name);
                }}
              >
                <Text as="span" fontWeight="semibold" color="inherit">
                  {item.label}:
                </Text>{' '}
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
});
