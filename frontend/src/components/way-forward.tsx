import { Button, Flex } from '@aws-amplify/ui-react';
import type { JourneyAction } from '@domain/process-journey.js';
import { ButtonLink } from '@/components/links';
import { SUPPORT_CONTACT, whatsappLink } from '@/lib/contact';

/**
 * The ways on from a state the customer cannot act on (a closed process, a refused renewal): a page of the app, or
 * the support channels. The first one is the primary action.
 */
export function WayForward({ actions }: { actions: readonly JourneyAction[] }) {
  return (
    <Flex gap="small" wrap="wrap" className="way-forward">
      {actions.map((action, i) =>
        action.kind === 'page' ? (
          <ButtonLink key={action.to} to={action.to} variation={i === 0 ? 'primary' : undefined}>
            {action.label}
          </ButtonLink>
        ) : (
          <SupportLinks key="support" label={action.label} primary={i === 0} />
        ),
      )}
    </Flex>
  );
}

function SupportLinks({ label, primary }: { label: string; primary: boolean }) {
  return (
    <>
      <Button
        as="a"
        href={whatsappLink()}
        target="_blank"
        rel="noreferrer"
        variation={primary ? 'primary' : undefined}
        aria-label={`${label} pelo WhatsApp ${SUPPORT_CONTACT.whatsappDisplay}`}
      >
        {label} (WhatsApp)
      </Button>
      <Button as="a" href={`mailto:${SUPPORT_CONTACT.email}`} variation="link">
        {SUPPORT_CONTACT.email}
      </Button>
    </>
  );
}
