import { Button, Flex, Text, View } from '@aws-amplify/ui-react';
import { BrandMark } from '@/components/brand-mark';

type TopBarProps = {
  email: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onSignOut: () => void;
  signingOut: boolean;
};

export function TopBar({ email, menuOpen, onToggleMenu, onSignOut, signingOut }: TopBarProps) {
  return (
    <View as="header" className="app-topbar">
      <Flex alignItems="center" justifyContent="space-between" gap="small" height="100%" paddingInline="medium">
        <Flex alignItems="center" gap="small">
          <Button
            className="app-topbar__menu"
            size="small"
            variation="link"
            aria-expanded={menuOpen}
            aria-controls="app-sidebar"
            onClick={onToggleMenu}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">Menu</span>
          </Button>
          <BrandMark to="/app/dashboard" />
        </Flex>
        <Flex alignItems="center" gap="small" minWidth="0">
          <Text as="span" className="app-topbar__email" title={email}>
            {email}
          </Text>
          <Button size="small" onClick={onSignOut} isLoading={signingOut} loadingText="Saindo...">
            Sair
          </Button>
        </Flex>
      </Flex>
    </View>
  );
}
