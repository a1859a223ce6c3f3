import { Link } from 'wouter';
import { Badge, Button, Card, Heading, HStack, RadioGroup, Slider, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as autoscalingForm from '@machines/autoscaling-form';
import { ErrorAlert } from '@/components/error-alert';
import { LockIcon } from '@/components/lock-icon';
import {
  AUTOSCALING_FREE_TEXT,
  AUTOSCALING_MAX,
  AUTOSCALING_MIN,
  AUTOSCALING_OFF_TEXT,
  AUTOSCALING_PREMIUM_TEXT,
  AUTOSCALING_SAVED_TEXT,
  autoscalingMessage,
  autoscalingValueText,
} from '@/domain/autoscaling';
import { paths } from '@/domain/paths';
import { useOpensHref } from '@/hooks/acting-project';

interface AutoscalingCardProps {
  /**
   * The form, a child of the screen's machine (machines/settings-page.ts), which locks it while the
   * plan shown is free (SPEC.md §6): every control is then disabled.
   */
  form: ActorRefFrom<typeof autoscalingForm.autoscalingFormMachine>;
}

const HEADING_ID = 'settings-autoscaling-heading';
const MODES = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
] as const;
const MARKS = [0, 25, 50, 75, 100].map((value) => ({ value, label: `${value}%` }));

/** SPEC.md "Autoscaling settings UI": the percentage, on or off, and Save Settings (machines/autoscaling-form.ts). */
export function AutoscalingCard({ form }: AutoscalingCardProps) {
  const opens = useOpensHref();
  const percent = useSelector(form, autoscalingForm.selectPercent);
  const enabled = useSelector(form, autoscalingForm.selectEnabled);
  const error = useSelector(form, autoscalingForm.selectError);
  const isLocked = useSelector(form, autoscalingForm.selectIsLocked);
  const isSaving = useSelector(form, autoscalingForm.selectIsSaving);
  const isSaved = useSelector(form, autoscalingForm.selectIsSaved);
  const canSave = useSelector(form, autoscalingForm.selectCanSave);
  const frozen = isLocked || isSaving;

  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header gap="1">
        <HStack gap="3" wrap="wrap">
          <Heading id={HEADING_ID} as="h2" size="lg">
            Autoscaling
          </Heading>
          {isLocked ? (
            <Badge colorPalette="orange" gap="1.5">
              <LockIcon />
              Paid plans only
            </Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted">Let your rate limit grow during traffic spikes instead of refusing calls.</Text>
      </Card.Header>
      <Card.Body gap="6">
        {isLocked ? (
          <Stack gap="3" align="flex-start" p="4" bg="bg.subtle" rounded="md" borderWidth="1px" borderStyle="dashed">
            <Text>{AUTOSCALING_FREE_TEXT} You can also try it in the Premium Plan Demo above.</Text>
            {opens(paths.billing) ? (
              <Button asChild size="sm" colorPalette="blue">
                <Link href={paths.billing}>Upgrade Plan</Link>
              </Button>
            ) : null}
          </Stack>
        ) : null}

        <RadioGroup.Root
          // A disabled radio group does not take a new value (stored settings read while locked):
          // it is drawn afresh for each value then. Never while it can be used, so focus stays put.
          key={frozen ? `frozen-${String(enabled)}` : 'live'}
          colorPalette="blue"
          value={enabled ? 'enabled' : 'disabled'}
          disabled={frozen}
          onValueChange={(details) => form.send({ type: 'autoscaling.mode', enabled: details.value === 'enabled' })}
        >
          <RadioGroup.Label fontWeight="medium">Autoscaling status</RadioGroup.Label>
          <HStack gap="6" mt="2">
            {MODES.map((mode) => (
              <RadioGroup.Item key={mode.value} value={mode.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{mode.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>

        <Slider.Root
          colorPalette="blue"
          value={[percent]}
          min={AUTOSCALING_MIN}
          max={AUTOSCALING_MAX}
          step={1}
          disabled={frozen}
          getAriaValueText={({ value }) => autoscalingValueText(value)}
          onValueChange={(details) => {
            const [value] = details.value;
            if (value !== undefined) form.send({ type: 'autoscaling.set', percent: value });
          }}
          maxW="xl"
        >
          <HStack justify="space-between">
            <Slider.Label fontWeight="medium">Autoscaling limit</Slider.Label>
            <Slider.ValueText fontWeight="semibold">{percent}%</Slider.ValueText>
          </HStack>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
            <Slider.Marks marks={MARKS} />
          </Slider.Control>
        </Slider.Root>

        <Stack gap="1.5" mt="2">
          <Text data-testid="autoscaling-message">{autoscalingMessage(percent)}</Text>
          {enabled ? null : <Text color="fg.muted">{AUTOSCALING_OFF_TEXT}</Text>}
          <Text fontSize="sm" color="fg.muted">
            {AUTOSCALING_PREMIUM_TEXT}
          </Text>
        </Stack>

        {error ? <ErrorAlert message={error} /> : null}
        <HStack gap="4" wrap="wrap">
          <Button
            colorPalette="blue"
            onClick={() => form.send({ type: 'autoscaling.save' })}
            disabled={!canSave}
            loading={isSaving}
            loadingText="Saving..."
          >
            Save Settings
          </Button>
          <Text role="status" color="green.700" fontSize="sm">
            {isSaved ? AUTOSCALING_SAVED_TEXT : ''}
          </Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
