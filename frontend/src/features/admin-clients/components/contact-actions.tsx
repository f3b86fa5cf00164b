import { Button, Flex, Link, VisuallyHidden } from '@aws-amplify/ui-react';
import { CASE_FILE_MESSAGES as M, customerPhoneLink, customerWhatsappLink } from '@domain/case-file.js';
import { formatDocument } from '@domain/documents.js';
import type { AdminClientDetail } from '@domain/schemas/admin-clients.js';
import { toast, toastError } from '@/lib/toast';

/** Copies a contact detail; the toast names what went to the clipboard (a permission refused says so). */
async function copy(what: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: M.copied(what), variant: 'success' });
  } catch {
    toastError(M.copyFailed);
  }
}

/**
 * The client's contact details as actions: WhatsApp (wa.me), e-mail (mailto:), a call (tel:), and each detail copied.
 * Links, so a long press on a phone offers the system's own choices too.
 */
export function ContactActions({ profile }: { profile: AdminClientDetail['profile'] }) {
  const whatsapp = customerWhatsappLink(profile.whatsapp);
  const phone = customerPhoneLink(profile.whatsapp);
  const documentLabel = profile.tipo_documento === 'cnpj' ? 'CNPJ' : 'CPF';
  return (
    <Flex as="section" aria-label={M.contactTitle} direction="column" gap="xs" className="case-contact">
      <Flex gap="xs" wrap="wrap">
        {whatsapp ? (
          <Link href={whatsapp} isExternal className="amplify-button amplify-button--small case-contact__action">
            {M.whatsapp}
          </Link>
        ) : null}
        <Link href={`mailto:${profile.email}`} className="amplify-button amplify-button--small case-contact__action">
          {M.email}
        </Link>
        {phone ? (
          <Link href={phone} className="amplify-button amplify-button--small case-contact__action">
            {M.call}
          </Link>
        ) : null}
      </Flex>
      <dl className="case-contact__details">
        {(
          [
            ['E-mail', profile.email],
            ['WhatsApp', profile.whatsapp],
            [documentLabel, formatDocument(profile.cpf)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="case-contact__detail">
            <dt>{label}</dt>
            <dd>{value}</dd>
            <dd>
              <Button size="small" variation="link" onClick={() => void copy(label, value)}>
                {M.copy}
                <VisuallyHidden> {label}</VisuallyHidden>
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </Flex>
  );
}
