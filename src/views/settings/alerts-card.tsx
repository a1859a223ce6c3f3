import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as alerts from '@machines/alert-settings';
import { ErrorAlert } from '@/components/error-alert';
import { LabelledCheckbox } from '@/components/labelled-checkbox';
import { LoadingScreen } from '@/components/loading-screen';
import { ALERTS_SAVED_TEXT, CREDIT_ALERT_THRESHOLDS, ERROR_ALERT_MINUTES, ERROR_ALERT_RATE } from '@/domain/usage-alerts';

interface AlertsCardProps {
  card: ActorRefFrom<typeof alerts.alertSettingsMachine>;
}

const HEADING_ID = 'settings-alerts-heading';

const THRESHOLD_HINTS: Readonly<Record<(typeof CREDIT_ALERT_THRESHOLDS)[number], string>> = {
  50: 'Half of the cycle’s credits used.',
  80: 'Time to think about a larger plan.',
  100: 'Calls are refused until the cycle ends.',
};

/** The usage alerts: e-mails at shares of the cycle's credits, and for failing keys (machines/alert-settings.ts). */
export function AlertsCard({ card }: AlertsCardProps) {
  const thresholds = useSelector(card, alerts.selectThresholds);
  const errorRate = useSelector(card, alerts.selectErrorRate);
  const error = useSelector(card, alerts.selectError);
  const loading = useSelector(card, alerts.selectIsLoading);
  const loadFailed = useSelector(card, alerts.selectLoadFailed);
  const saving = useSelector(card, alerts.selectIsSaving);
  const saved = useSelector(card, alerts.selectIsSaved);
  const canSave = useSelector(card, alerts.selectCanSave);

  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header gap="1">
        <Heading id={HEADING_ID} as="h2" size="lg">
          Usage Alerts
        </Heading>
        <Text color="fg.muted">
          E-mails to your account’s address when your usage needs a look. Each credit alert is sent once per cycle.
        </Text>
      </Card.Header>
      <Card.Body gap="5">
        {loading ? <LoadingScreen label="Loading your alert settings..." /> : null}
        {loadFailed ? (
          <Stack gap="3" align="flex-start">
            <ErrorAlert message={error ?? ''} />
            <Button size="sm" variant="outline" onClick={() => card.send({ type: 'alerts.retry' })}>
              Retry
            </Button>
          </Stack>
        ) : null}
        {loading || loadFailed ? null : (
          <>
            <fieldset>
              <Text as="legend" fontWeight="medium" mb="3">
                Credits used in the cycle
              </Text>
              <Stack gap="3">
                {CREDIT_ALERT_THRESHOLDS.map((threshold) => (
                  <LabelledCheckbox
                    key={threshold}
                    label={`${threshold}% of the cycle’s credits`}
                    hint={THRESHOLD_HINTS[threshold]}
                    checked={thresholds.includes(threshold)}
                    disabled={saving}
                    onChange={(on) => card.send({ type: 'alerts.threshold', threshold, on })}
                  />
                ))}
              </Stack>
            </fieldset>
            <LabelledCheckbox
              label="Failing keys"
              hint={`When at least ${ERROR_ALERT_RATE * 100}% of a key’s calls are refused or fail at the node, ${ERROR_ALERT_MINUTES} minutes in a row (at most one e-mail an hour per key).`}
              checked={errorRate}
              disabled={saving}
              onChange={(on) => card.send({ type: 'alerts.error.rate', on })}
            />
            {error === null ? null : <ErrorAlert message={error} />}
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
              <Button
                colorPalette="blue"
                disabled={!canSave}
                loading={saving}
                loadingText="Saving..."
                onClick={() => card.send({ type: 'alerts.save' })}
              >
                Save Alerts
              </Button>
              <Text role="status" color="fg.muted">
                {saved ? ALERTS_SAVED_TEXT : ''}
              </Text>
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
