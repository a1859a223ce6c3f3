import { Button, Heading, SimpleGrid } from '@chakra-ui/react';
import type { AppConfig } from '@/hooks/app-config';
import { NewTabLinkButton } from '@/components/new-tab-link-button';
import { paths } from '@/domain/paths';
import { ChatSupportCard } from './chat-support-card';
import { SupportCard } from './support-card';
import { BookIcon, CommunityIcon, SendIcon } from './support-icons';

interface SupportChannelsProps {
  config: AppConfig | undefined;
  /** Whether the user's plan unlocks chat support; undefined while it loads or when it failed. */
  chat: boolean | undefined;
  planFailed: boolean;
  onRetryPlan: () => void;
}

/** A card's link, or the same label disabled until the configured address is known. */
function ChannelLink({ href, label }: { href: string | undefined; label: string }) {
  if (href === undefined) {
    return (
      <Button size="sm" variant="outline" disabled alignSelf="flex-start">
        {label}
      </Button>
    );
  }
  return <NewTabLinkButton href={href} label={label} size="sm" variant="outline" alignSelf="flex-start" />;
}

/**
 * SPEC.md "/support": the four cards. Their addresses are the server's configuration (GET /config);
 * every link opens in a new tab. Without the configuration, Documentation goes to /docs (which
 * loads it and leaves for the address, as the sidebar's link does).
 */
export function SupportChannels({ config, chat, planFailed, onRetryPlan }: SupportChannelsProps) {
  return (
    <section aria-labelledby="support-channels-heading">
      <Heading id="support-channels-heading" as="h2" size="lg" mb="3">
        Get in touch
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <ChatSupportCard chat={chat} planFailed={planFailed} onRetry={onRetryPlan} supportUrl={config?.supportUrl} />
        <SupportCard
          id="documentation"
          title="Documentation"
          text="Guides, the API reference and the credit cost of every method."
          icon={<BookIcon />}
        >
          <ChannelLink href={config?.documentationUrl ?? paths.docs} label="Read the docs" />
        </SupportCard>
        <SupportCard id="discord" title="Discord" text="Ask the community and the team, and follow announcements." icon={<CommunityIcon />}>
          <ChannelLink href={config?.discordUrl} label="Join Discord" />
        </SupportCard>
        <SupportCard id="telegram" title="Telegram" text="Chat with other developers and get news as it happens." icon={<SendIcon />}>
          <ChannelLink href={config?.telegramUrl} label="Open Telegram" />
        </SupportCard>
      </SimpleGrid>
    </section>
  );
}
