import type { ReactNode } from 'react';
import { SiteLink } from '@/components/site-link';
import { START_PATH } from '../content';

/** Every start button of the page: opens sign-up; its `data-lead` mark records the lead event (spec 01 §2). */
export function StartLink({ className, children = 'Começar Agora' }: { className: string; children?: ReactNode }) {
  return (
    <SiteLink to={START_PATH} className={className} data-lead>
      {children}
    </SiteLink>
  );
}
