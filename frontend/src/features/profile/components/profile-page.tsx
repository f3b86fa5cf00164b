import { Flex } from '@aws-amplify/ui-react';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useEmailChangeConfirmation } from '../api/use-email-change-confirmation';
import { useProfile } from '../api/profile';
import { MyDataSection } from './my-data-section';
import { WhatsAppConsentSection } from './whatsapp-consent-section';
import { ProfileForm } from './profile-form';

/** /app/perfil (spec 02 §2): one GET for the profile, then the form. */
export function ProfilePage() {
  const profile = useProfile();
  useEmailChangeConfirmation();

  return (
    <Flex direction="column" gap="large" className="profile-page">
      <PageHeader
        title={PROFILE_MESSAGES.title}
        subtitle={profile.data?.profile ? PROFILE_MESSAGES.subtitleSaved : PROFILE_MESSAGES.subtitle}
      />
      {profile.isPending ? (
        <PageLoader label="Carregando seu perfil..." />
      ) : profile.isError ? (
        <LoadError message={PROFILE_MESSAGES.loadFailed} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {/* Keyed by the profile's existence: after the first save the form becomes the update form. */}
          <ProfileForm
            key={profile.data.profile?.id ?? 'new'}
            profile={profile.data.profile}
            email={profile.data.email}
          />
          {profile.data.profile ? <WhatsAppConsentSection profileWhatsapp={profile.data.profile.whatsapp} /> : null}
          {profile.data.profile ? <MyDataSection /> : null}
        </>
      )}
    </Flex>
  );
}
