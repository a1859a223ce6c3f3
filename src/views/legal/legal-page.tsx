import { Link } from 'wouter';
import { Box, Button, Card, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectIsAuthenticated } from '@machines/auth';
import { legalDocumentMachine, selectError, selectText } from '@machines/legal-document';
import { legalDocumentCalls } from '@/api/legal-calls';
import { useAppConfig } from '@/hooks/app-config';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { type LegalDocumentName, paths } from '@/domain/paths';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { ProductName } from '@/components/product-name';
import { LegalSections } from './legal-sections';

/** What each document is called before its text (and its own title) arrives, and where the other one is. */
const documents: Record<LegalDocumentName, { name: string; other: { name: string; href: string } }> = {
  terms: { name: 'Terms of Service', other: { name: 'Privacy Policy', href: paths.privacy } },
  privacy: { name: 'Privacy Policy', other: { name: 'Terms of Service', href: paths.terms } },
};

export interface LegalPageProps {
  document: LegalDocumentName;
  /** The machine's effects; the real API call unless a test brings its own. */
  actors?: typeof legalDocumentCalls;
}

/**
 * /terms and /privacy: public, signed in or out (the sign-in screens link here). The text is the
 * server's (TERMS_FILE, PRIVACY_FILE), shown as plain text; the way back leads to the dashboard or
 * to /login, whichever the visitor can use.
 */
export default function LegalPage(props: LegalPageProps) {
  // One machine per document: going from /terms to /privacy starts a fresh one, not the old text.
  return <LegalDocumentScreen key={props.document} {...props} />;
}

function LegalDocumentScreen({ document, actors = legalDocumentCalls }: LegalPageProps) {
  const { name, other } = documents[document];
  const legal = useFlowActor(legalDocumentMachine.provide({ actors }), { input: { document } });
  const text = useSelector(legal, selectText);
  const error = useSelector(legal, selectError);
  const signedIn = AuthActor.useSelector(selectIsAuthenticated);
  const productName = useAppConfig()?.productName;
  const title = text?.title ?? name;
  usePageTitle(title);

  const link = (href: string, label: string) => (
    <ChakraLink asChild variant="underline" colorPalette="blue">
      <Link href={href}>{label}</Link>
    </ChakraLink>
  );

  return (
    <Box as="main" minH="100dvh" bg="bg.subtle" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
      <Stack maxW="3xl" mx="auto" gap="5">
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <ProductName name={productName} />
          <Text fontSize="sm">{signedIn ? link(paths.home, 'Back to the dashboard') : link(paths.login, 'Back to log in')}</Text>
        </Flex>
        <Card.Root variant="elevated">
          <Card.Body gap="6" px={{ base: '5', md: '8' }} py={{ base: '6', md: '8' }}>
            <Stack gap="1">
              <Heading as="h1" size="2xl" fontWeight="semibold" overflowWrap="break-word">
                {title}
              </Heading>
              {text?.updatedAt ? <Text color="fg.muted">Last updated {text.updatedAt}</Text> : null}
            </Stack>
            {text ? <LegalSections sections={text.sections} /> : null}
            {error ? (
              <Stack gap="3" align="flex-start">
                <ErrorAlert message={error} />
                <Button size="sm" variant="outline" onClick={() => legal.send({ type: 'legal.retry' })}>
                  Retry
                </Button>
              </Stack>
            ) : null}
            {!text && !error ? <LoadingScreen label={`Loading the ${name}...`} /> : null}
          </Card.Body>
        </Card.Root>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          See also the {link(other.href, other.name)}.
        </Text>
      </Stack>
    </Box>
  );
}
