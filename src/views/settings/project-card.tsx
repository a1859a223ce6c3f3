import { useEffect, useRef } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import * as projectName from '@machines/project-name';
import { useFlowActor } from '@/hooks/inspection';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyField } from '@/components/copy-field';
import { ProjectNameEditor } from './project-name-editor';
import type { SettingsActors } from './settings-actors';

interface ProjectCardProps {
  projectId: string;
  /** The name the project has when the screen opens. */
  initialName: string;
  actors: Pick<SettingsActors, 'saveProjectName' | 'clipboard'>;
}

const HEADING_ID = 'settings-project-heading';

/** SPEC.md "Settings (demo)": the project's name, edited inline (machines/project-name.ts), and its read-only ID with Copy. */
export function ProjectCard({ projectId, initialName, actors }: ProjectCardProps) {
  const editor = useFlowActor(projectName.projectNameMachine.provide({ actors: { saveProjectName: actors.saveProjectName } }), {
    input: { projectId, name: initialName },
  });
  const name = useSelector(editor, projectName.selectName);
  const draft = useSelector(editor, projectName.selectDraft);
  const error = useSelector(editor, projectName.selectError);
  const isEditing = useSelector(editor, projectName.selectIsEditing);
  const isSaving = useSelector(editor, projectName.selectIsSaving);
  const isBlank = useSelector(editor, projectName.selectDraftBlank);
  const copyId = useCopyFeedback(actors.clipboard);

  // Back on Edit once an edit ends, so a keyboard user is where they were.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} h="full">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Project
        </Heading>
      </Card.Header>
      <Card.Body gap="5">
        {isEditing ? (
          <ProjectNameEditor
            draft={draft}
            blank={isBlank}
            saving={isSaving}
            error={error}
            onChange={(value) => editor.send({ type: 'name.change', value })}
            onSave={() => editor.send({ type: 'name.save' })}
            onCancel={() => editor.send({ type: 'name.cancel' })}
          />
        ) : (
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
