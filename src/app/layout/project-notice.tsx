import { Alert, CloseButton } from '@chakra-ui/react';
import { selectProjectNotice } from '@machines/acting-project.selectors';
import { useActingProject, useActingProjectRef } from '@/hooks/acting-project';

/** Over every signed-in screen when the project picked was dropped (the user is no longer a member). */
export function ProjectNotice() {
  const project = useActingProjectRef();
  const notice = useActingProject(selectProjectNotice, null);
  if (notice === null) return null;
  return (
    <Alert.Root status="warning" mb="6" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{notice}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={() => project?.send({ type: 'project.notice.dismiss' })} />
    </Alert.Root>
  );
}
