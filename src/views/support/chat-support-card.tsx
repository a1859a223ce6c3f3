import { Button, Flex, Text } from '@chakra-ui/react';
import { LockIcon } from '@/components/lock-icon';
import { NewTabLinkButton } from '@/components/new-tab-link-button';
import { SupportCard } from './support-card';
import { ChatIcon } from './support-icons';

/** SPEC.md "/support" and §6: the text of the chat card on Free. */
export const CHAT_PAID_ONLY = 'Chat support is available for paid plans';

const START_CHAT = 'Start a chat';

interface ChatSupportCardProps {
  /** Whether the user's plan unlocks chat (GET /users/plan's entitlements); undefined while it loads or when it failed. */
  chat: boolean | undefined;
  planFailed: boolean;
  onRetry: () => void;
  /** The configured support address; undefined until the app configuration is there. */
  supportUrl: string | undefined;
}

/**
 * Chat Support (SPEC.md §6): a plan with the chat entitlement (the paid plans) opens the configured
 * support address in a new tab; Free shows the button disabled with the reason. Nothing is unlocked before the plan is known.
 */
export function ChatSupportCard({ chat, planFailed, onRetry, supportUrl }: ChatSupportCardProps) {
  return (
    <SupportCard
      id="chat-support"
      title="Chat Support"
      text="Talk to our support team about your account and your calls."
      icon={<ChatIcon />}
    >
      <ChatAction chat={chat} planFailed={planFailed} onRetry={onRetry} supportUrl={supportUrl} />
    </SupportCard>
  );
}

function ChatAction({ chat, planFailed, onRetry, supportUrl }: ChatSupportCardProps) {
  if (planFailed) {
    return (
      <Flex direction="column" align="flex-start" gap="2">
        <Text fontSize="sm" color="fg.error">
          Your plan could not be loaded, so chat support cannot be offered yet.
        </Text>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Flex>
    );
  }
  if (chat === true && supportUrl !== undefined) {
    return <NewTabLinkButton href={supportUrl} label={START_CHAT} size="sm" colorPalette="blue" alignSelf="flex-start" />;
  }
  const loading = chat === undefined || (chat && supportUrl === undefined);
  return (
    <Flex direction="column" align="flex-start" gap="2">
      <Button size="sm" disabled aria-describedby="chat-support-status">
        {START_CHAT}
      </Button>
      <Flex id="chat-support-status" align="center" gap="1.5" fontSize="sm" color="fg.muted" aria-live="polite">
        {loading ? null : <LockIcon />}
        <Text>{loading ? 'Checking your plan...' : CHAT_PAID_ONLY}</Text>
      </Flex>
    </Flex>
  );
}
