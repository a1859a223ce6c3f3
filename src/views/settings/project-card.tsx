import { useRef } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import * as projectName from '@machines/project-name';
import { useFlowActor } from '@/hooks/inspection';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { useFocusWhenEnded } from '@/hooks/use-focus-after';
import { CopyField } from '@/components/copy-field';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { refusalOr } from '@/domain/failure-message';
import { PROJECT_LOAD_FALLBACK } from '@/domain/project-settings';
import { ProjectNameEditor } from './project-name-editor';
import { projectQueryKey } from '@/api/account-calls';
import type { SettingsActors } from './settings-actors';

interface ProjectCardProps {
  projectId: string;
  /** GET /project as the query has it: the name the server stores. */
  project: { data: { id: string; name: string } | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  actors: Pick<SettingsActors, 'saveProjectName' | 'clipboard'>;
}

const HEADING_ID = 'settings-project-heading';

/** SPEC.md "Settings (demo)": the project's name, edited inline (machines/project-name.ts), and its read-only ID with Copy. */
export function ProjectCard({ projectId, project, actors }: ProjectCardProps) {
  const copyId = useCopyFeedback(actors.clipboard);
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} h="full">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Project
        </Heading>
      </Card.Header>
      <Card.Body gap="5">
        {project.data ? (
          <ProjectName projectId={projectId} storedName={project.data.name} actors={actors} />
        ) : project.isError ? (
          <Stack gap="3" align="flex-start">
            <ErrorAlert message={refusalOr(project.error, PROJECT_LOAD_FALLBACK)} />
            <Button size="sm" variant="outline" onClick={() => void project.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : (
          <LoadingScreen label="Loading the project name..." />
        )}
        <CopyField
          label="Project ID"
          value={projectId}
          copied={copyId.copied}
          failed={copyId.failed}
          onCopy={() => copyId.copy(projectId)}
          helperText="Share it with the people who should work on this project."
        />
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The name once the server's is known. A save's answer goes into the query cache, so the screen
 * opens with it next time without waiting; a refused save keeps the name as it was.
 */
function ProjectName({ projectId, storedName, actors }: { projectId: string; storedName: string; actors: ProjectCardProps['actors'] }) {
  const queryClient = useQueryClient();
  const editor = useFlowActor(
    projectName.projectNameMachine.provide({
      actors: { saveProjectName: actors.saveProjectName },
      actions: {
        // Only the name changed: the rest of the project (its autoscaling) stays as read.
        nameSaved: (_, { name }) =>
          queryClient.setQueryData(projectQueryKey, (project) => (project === undefined ? project : { ...project, name })),
      },
    }),
    { input: { projectId, name: storedName } },
  );
  const name = useSelector(editor, projectName.selectName);
  const draft = useSelector(editor, projectName.selectDraft);
  const error = useSelector(editor, projectName.selectError);
  const isEditing = useSelector(editor, projectName.selectIsEditing);
  const isSaving = useSelector(editor, projectName.selectIsSaving);
  const isBlank = useSelector(editor, projectName.selectDraftBlank);

  // Back on Edit once an edit ends, so a keyboard user is where they were.
  const editButton = useRef<HTMLButtonElement>(null);
  useFocusWhenEnded(editButton, isEditing);

  if (isEditing) {
    return (
      <ProjectNameEditor
        draft={draft}
        blank={isBlank}
        saving={isSaving}
        error={error}
        onChange={(value) => editor.send({ type: 'name.change', value })}
        onSave={() => editor.send({ type: 'name.save' })}
        onCancel={() => editor.send({ type: 'name.cancel' })}
      />
    );
  }
  return (
    <Stack gap="1.5">
      <Text fontWeight="medium" fontSize="sm">
        Project name
      </Text>
      <HStack gap="3" wrap="wrap">
        <Text fontSize="lg" fontWeight="semibold" wordBreak="break-word">
          {name}
        </Text>
        <Button
          ref={editButton}
          size="xs"
          variant="outline"
          aria-label="Edit project name"
          onClick={() => editor.send({ type: 'name.edit' })}
        >
          Edit
        </Button>
      </HStack>
    </Stack>
  );
}
