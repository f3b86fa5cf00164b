import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/lib/page-title';
import { useEmailChangeConfirmation } from '../api/use-email-change-confirmation';
import { useProfile } from '../api/profile';
import { ProfileForm } from './profile-form';

/** /app/perfil (spec 02 §2): one GET for the profile, then the form. */
export function ProfilePage() {
  usePageTitle(PROFILE_MESSAGES.title);
  const profile = useProfile();
  useEmailChangeConfirmation();

  return (
    <Flex direction="column" gap="large" className="profile-page">
      <Flex direction="column" gap="xxs">
        <Heading level={1} fontSize="xxl">
          {PROFILE_MESSAGES.title}
        </Heading>
        <Text color="font.secondary">{PROFILE_MESSAGES.subtitle}</Text>
      </Flex>
      {profile.isPending ? (
        <PageLoader label="Carregando seu perfil..." />
      ) : profile.isError ? (
        <Alert variation="error" role="alert">
          <Flex direction="column" gap="small">
            <Text as="span">{PROFILE_MESSAGES.loadFailed}</Text>
            <Button size="small" alignSelf="flex-start" onClick={() => void profile.refetch()}>
              Tentar novamente
            </Button>
          </Flex>
        </Alert>
      ) : (
        // Keyed by the profile's existence: after the first save the form becomes the update form.
        <ProfileForm
          key={profile.data.profile?.id ?? 'new'}
          profile={profile.data.profile}
          email={profile.data.email}
        />
      )}
    </Flex>
  );
}
