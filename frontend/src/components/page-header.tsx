import { Flex, Heading, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { usePageTitle } from '@/lib/page-title';

type PageHeaderProps = {
  title: string;
  /** A second line of the title, smaller (the payment's protocol and value); read as 'title — detail'. */
  detail?: string;
  subtitle?: string;
};

/** A screen's title (also the document title) and subtitle, as the spec names them. */
export function PageHeader({ title, detail, subtitle }: PageHeaderProps) {
  usePageTitle(detail ? `${title} — ${detail}` : title);
  return (
    <Flex direction="column" gap="xxs">
      <Heading level={1} fontSize={{ base: 'xl', medium: 'xxl' }} style={{ overflowWrap: 'break-word' }}>
        {title}
        {detail ? (
          <>
            <VisuallyHidden> — </VisuallyHidden>
            <span className="page-header__detail">{detail}</span>
          </>
        ) : null}
      </Heading>
      {subtitle ? <Text color="font.secondary">{subtitle}</Text> : null}
    </Flex>
  );
}
