import { useCallback, useState, type ReactNode } from 'react';
import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { LazyMotion, MotionConfig } from 'framer-motion';
import { selectActingKey } from '@machines/acting-project.selectors';
import { useActingProject } from '@/hooks/acting-project';
import { useAppConfig } from '@/hooks/app-config';
import { useProductName } from '../product-name';
import { Brand } from './brand';
import { onNarrowScreens } from './breakpoints';
import { NavDrawer } from './nav-drawer';
import { PageFade } from './page-fade';
import { ProjectNotice } from './project-notice';
import { SidebarNav } from './sidebar-nav';
import { TopNavbar } from './top-navbar';
import { VerificationNotice } from './verification-notice';

const loadMotionFeatures = () => import('./motion-features').then((module) => module.default);
const MAIN_ID = 'main-content';

/** The signed-in shell: sidebar (a drawer below 992 px), top navbar, and the screen in <main>. */
export default function AppLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const config = useAppConfig();
  const productName = useProductName();
  // A switch of project remounts the screen: its machines and queries read the new project.
  const actingKey = useActingProject(selectActingKey, 'own');

  return (
    <LazyMotion features={loadMotionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <SkipNavLink id={MAIN_ID} zIndex="skipNav" boxShadow="md">
          Skip to content
        </SkipNavLink>
        <Flex minH="100dvh" bg="bg.subtle">
          <Flex
            as="aside"
            direction="column"
            w="64"
            flexShrink={0}
            position="sticky"
            top="0"
            h="100dvh"
            overflowY="auto"
            bg="bg"
            borderEndWidth="1px"
            css={{ [onNarrowScreens]: { display: 'none' } }}
          >
            <Box px="6" pt="5" pb="2">
              <Brand productName={productName} />
            </Box>
            <SidebarNav documentationUrl={config?.documentationUrl} />
          </Flex>
          <Flex direction="column" flex="1" minW="0">
            <TopNavbar productName={productName} navigationOpen={drawerOpen} onOpenNavigation={openDrawer} />
            <SkipNavContent
              as="main"
              id={MAIN_ID}
              flex="1"
              px={{ base: '4', md: '8' }}
              py={{ base: '5', md: '8' }}
              maxW="7xl"
              w="full"
              mx="auto"
            >
              <VerificationNotice />
              <ProjectNotice />
              <PageFade key={actingKey}>{children}</PageFade>
            </SkipNavContent>
          </Flex>
        </Flex>
        <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} title={productName ?? 'Navigation'}>
          <SidebarNav documentationUrl={config?.documentationUrl} onNavigate={closeDrawer} />
        </NavDrawer>
      </MotionConfig>
    </LazyMotion>
  );
}
