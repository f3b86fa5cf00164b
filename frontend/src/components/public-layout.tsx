import { Flex, Text, View } from '@aws-amplify/ui-react';
import { Outlet } from 'react-router';
import { BRAND_NAME } from '@/lib/brand';
import { BrandMark } from './brand-mark';
import { ButtonLink, TextLink } from './links';

/** Header and footer of the public pages (spec 01 §2 "Landing page"). */
export function PublicLayout() {
  return (
    <Flex direction="column" minHeight="100vh" gap="0">
      <View as="header" className="public-header">
        <Flex className="page-container" alignItems="center" justifyContent="space-between" gap="small">
          <BrandMark />
          <Flex as="nav" aria-label="Navegação principal" alignItems="center" gap={{ base: 'small', medium: 'large' }}>
            <TextLink to="/consultar" className="public-header__link public-header__link--wide">
              Consultar Processo
            </TextLink>
            <TextLink to="/auth" className="public-header__link">
              Entrar
            </TextLink>
            <ButtonLink to="/auth?mode=register" variation="primary" size="small">
              Começar Agora
            </ButtonLink>
          </Flex>
        </Flex>
      </View>
      <View as="main" id="conteudo" flex="1">
        <Outlet />
      </View>
      <View as="footer" className="public-footer">
        <Flex
          className="page-container"
          direction={{ base: 'column', medium: 'row' }}
          justifyContent="space-between"
          gap="medium"
        >
          <Text color="neutral.40" fontSize="small">
            © {new Date().getFullYear()} {BRAND_NAME}. Serviço de intermediação e consultoria.
          </Text>
          <Flex as="nav" aria-label="Links institucionais" columnGap="large" rowGap="small" wrap="wrap">
            <TextLink to="/consultar" className="public-footer__link">
              Consultar Processo
            </TextLink>
            <TextLink to="/termos" className="public-footer__link">
              Termos de Uso
            </TextLink>
            <TextLink to="/privacidade" className="public-footer__link">
              Política de Privacidade
            </TextLink>
          </Flex>
        </Flex>
      </View>
    </Flex>
  );
}

/** Public placeholder pages sit in a padded column so they read like the rest of the site. */
export function PublicPage({ children }: { children: React.ReactNode }) {
  return (
    <View className="page-container" paddingBlock="xxl">
      {children}
    </View>
  );
}
