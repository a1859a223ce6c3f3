import { Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import type { MemberActions, MembersChange } from '@/domain/member-actions';
import { INVITABLE_ROLES, isInvitableRole, ROLE_LABELS, type Role } from '@/domain/roles';
import { NO_ACTIONS } from '@/domain/project-settings';

interface MemberRowActionsProps {
  member: { userId: number; email: string; role: Role };
  actions: MemberActions;
  /** The change under way, when it is this row's (its button shows busy). */
  underWay: MembersChange | null;
  /** Another change is asked or under way: this row's buttons wait. */
  waiting: boolean;
  onChange: (change: MembersChange) => void;
}

const concerns = (change: MembersChange | null, userId: number) => change !== null && 'userId' in change && change.userId === userId;

/** A member's row on the Project Users card: what the user may do to them, or 'No actions available' (SPEC.md). */
export function MemberRowActions({ member, actions, underWay, waiting, onChange }: MemberRowActionsProps) {
  const { userId, email, role } = member;
  const busy = (kind: MembersChange['kind']) => underWay?.kind === kind && (kind === 'leave' || concerns(underWay, userId));
  if (!actions.changeRole && !actions.transfer && !actions.remove && !actions.leave) return <Text as="span">{NO_ACTIONS}</Text>;
  return (
    <HStack as="span" gap="2" wrap="wrap" justify={{ lg: 'flex-end' }} display="inline-flex">
      {actions.changeRole ? (
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button size="xs" variant="outline" aria-label={`Change role of ${email}`} loading={busy('role')} disabled={waiting}>
              Change role
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="36">
                <Menu.RadioItemGroup
                  value={role}
                  onValueChange={({ value }) => {
                    if (isInvitableRole(value) && value !== role) onChange({ kind: 'role', userId, role: value });
                  }}
                >
                  <Menu.ItemGroupLabel>Role</Menu.ItemGroupLabel>
                  {INVITABLE_ROLES.map((option) => (
                    <Menu.RadioItem key={option} value={option}>
                      <Menu.ItemText>{ROLE_LABELS[option]}</Menu.ItemText>
                      <Menu.ItemIndicator />
                    </Menu.RadioItem>
                  ))}
                </Menu.RadioItemGroup>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
      {actions.transfer ? (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Make owner: ${email}`}
          loading={busy('transfer')}
          disabled={waiting}
          onClick={() => onChange({ kind: 'transfer', userId })}
        >
          Make owner
        </Button>
      ) : null}
      {actions.remove ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Remove ${email}`}
          loading={busy('remove')}
          disabled={waiting}
          onClick={() => onChange({ kind: 'remove', userId })}
        >
          Remove
        </Button>
      ) : null}
      {actions.leave ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          loading={busy('leave')}
          disabled={waiting}
          onClick={() => onChange({ kind: 'leave' })}
        >
          Leave project
        </Button>
      ) : null}
    </HStack>
  );
}
