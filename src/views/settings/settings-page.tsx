import { useState } from 'react';
import { SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { useSelector } from '@xstate/react';
import { selectUser } from '@machines/auth';
import { alertSettingsMachine } from '@machines/alert-settings';
import { autoscalingFormMachine } from '@machines/autoscaling-form';
import {
  selectAccountPlan,
  selectAutoscalingForm,
  selectOffersInviteUpgrade,
  selectView,
  settingsPageMachine,
} from '@machines/settings-page';
import { useUserPlan, userPlanFeed } from '@/api/billing-calls';
import { queryFeed } from '@/api/query-feed';
import { projectQueryKey, useProject } from '@/api/account-calls';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { projectIdFor } from '@/domain/project-settings';
import type { AuditLogActors } from '@/api/audit-log-calls';
import { AlertsCard } from './alerts-card';
import { AuditLogCard } from './audit-log-card';
import { AutoscalingCard } from './autoscaling-card';
import { CurrentPlanCard } from './current-plan-card';
import { PlanViewSwitch } from './plan-view-switch';
import { ProjectCard } from './project-card';
import { ProjectUsersCard } from './project-users-card';
import { type SettingsActors, settingsActors } from './settings-actors';

const TITLE = 'Project Settings';

type Project = components['schemas']['Project'];

export interface SettingsPageProps {
  /** The screen's effects: PATCH /project for the name, PUT /project/autoscaling, logs for the demo's parts, unless a test brings its own. */
  actors?: SettingsActors;
  /** When the demo plan's renewal is counted from; now unless a test fixes it. */
  now?: Date;
  /** The Audit Log tab's GET /auditLog, unless a test brings its own. */
  auditLogActors?: AuditLogActors;
}

/**
 * /settings (SPEC.md "Settings (demo)", "Autoscaling settings UI", §4 "Plan view in settings").
 * The project is the account's own: its ID comes from the user's, its name from GET /project (the
 * server keeps it, so every browser shows the same), its one user is the owner. The plan view
 * toggle is a flow of machines/settings-page.ts, which owns the autoscaling form as its child and
 * keeps it locked exactly while the plan shown is free, so a visitor on Free can try it in the demo.
 * A second tab holds the project's audit log (drawn, and loaded, once opened).
 */
export default function SettingsPage({ actors = settingsActors, now, auditLogActors }: SettingsPageProps) {
  usePageTitle(TITLE);
  const user = AuthActor.useSelector(selectUser);
  const plan = useUserPlan();
  const project = useProject();
  const queryClient = useQueryClient();
  const settings = useFlowActor(
    settingsPageMachine.provide({
      actors: {
        autoscalingForm: autoscalingFormMachine.provide({
          actors: {
            saveAutoscaling: actors.saveAutoscaling,
            storedSettings: queryFeed(queryClient, projectQueryKey, ({ autoscaling }: Project) => ({
              type: 'autoscaling.loaded',
              ...autoscaling,
            })),
          },
          actions: {
            settingsSaved: (_, autoscaling) =>
              queryClient.setQueryData(projectQueryKey, (project) =>
                project === undefined ? project : { ...project, autoscaling: { ...autoscaling } },
              ),
          },
        }),
        userPlan: userPlanFeed(queryClient, ({ name, entitlements }) => ({ type: 'plan.loaded', plan: { name, entitlements } })),
      },
    }),
    { input: { accountPlan: plan.data ? { name: plan.data.name, entitlements: plan.data.entitlements } : null } },
  );
  const view = useSelector(settings, selectView);
  const accountPlan = useSelector(settings, selectAccountPlan);
  const offerUpgrade = useSelector(settings, selectOffersInviteUpgrade);
  const autoscaling = useSelector(settings, selectAutoscalingForm);
  const alertsCard = useFlowActor(
    alertSettingsMachine.provide({ actors: { loadAlertSettings: actors.loadAlertSettings, saveAlertSettings: actors.saveAlertSettings } }),
  );
  const [openedAt] = useState(() => now ?? new Date());

  const header = (
    <PageHeader
      title={TITLE}
      description="Your project, its plan, its users, its autoscaling and your usage alerts."
      actions={
        <PlanViewSwitch value={view} accountPlan={accountPlan} onChange={(shown) => settings.send({ type: 'view.show', view: shown })} />
      }
    />
  );
  if (!user) {
    return (
      <>
        {header}
        <LoadingScreen label="Loading your project..." />
      </>
    );
  }

  const projectId = projectIdFor(user.id);
  return (
    <>
      {header}
      <Tabs.Root defaultValue="project" lazyMount variant="line">
        <Tabs.List aria-label="Settings sections" mb="6">
          <Tabs.Trigger value="project">Project</Tabs.Trigger>
          <Tabs.Trigger value="audit-log">Audit Log</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="project" p="0">
          <Stack gap="6">
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <CurrentPlanCard view={view} plan={plan} now={openedAt} />
              <ProjectCard projectId={projectId} project={project} actors={actors} />
            </SimpleGrid>
            {autoscaling ? <AutoscalingCard form={autoscaling} /> : null}
            <AlertsCard card={alertsCard} />
            <ProjectUsersCard ownerEmail={user.email} offerUpgrade={offerUpgrade} onUpgrade={() => actors.upgradeForInvites(projectId)} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="audit-log" p="0">
          <AuditLogCard {...(auditLogActors === undefined ? {} : { actors: auditLogActors })} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
