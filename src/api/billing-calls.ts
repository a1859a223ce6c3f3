import { meQueryKey } from '@/api/account-calls';
import { type AnyEventObject, fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import type { components, paths } from '@/api/schema';
import { api, bodyOf } from '@/api/client';
import { $api } from '@/api/query-hooks';
import { queryFeed } from '@/api/query-feed';

type Schemas = components['schemas'];
export type Plan = Schemas['Plan'];
/** GET /users/plan: the plan with what it unlocks. */
export type UserPlan = Schemas['UserPlan'];
export type Subscription = Schemas['Subscription'];
export type Invoice = Schemas['Invoice'];
export type Checkout = Schemas['Checkout'];
export type CheckoutStarted = Schemas['CheckoutStarted'];
export type SubscribeRequest = Schemas['SubscribeRequest'];

/**
 * The billing calls of SPEC.md §7 (plans, the user's plan, subscribe, customer portal, invoices)
 * and the contract's subscription and checkout status. Each resolves with what its caller needs
 * or rejects with a CallFailed (client.ts), which failureMessage turns into the screen's text.
 */
export function createBillingCalls(client: Client<paths>) {
  return {
    /** GET /plans: every plan once per billing frequency. */
    async plans(signal?: AbortSignal): Promise<Plan[]> {
      return bodyOf(await client.GET('/plans', { signal }));
    },
    /** GET /users/plan: the user's plan and its entitlements (what the screens unlock). */
    async userPlan(signal?: AbortSignal): Promise<UserPlan> {
      return bodyOf(await client.GET('/users/plan', { signal }));
    },
    /** GET /users/subscription: null on a plan nobody pays for (Free, or Enterprise by contract). */
    async subscription(signal?: AbortSignal): Promise<Subscription | null> {
      return bodyOf(await client.GET('/users/subscription', { signal })).subscription;
    },
    /** GET /payment/invoices, newest first. */
    async invoices(signal?: AbortSignal): Promise<Invoice[]> {
      return bodyOf(await client.GET('/payment/invoices', { signal }));
    },
    /** POST /users/subscribe: the plan and frequency only; the server prices it from its own table. */
    async subscribe(request: SubscribeRequest, signal?: AbortSignal): Promise<CheckoutStarted> {
      return bodyOf(await client.POST('/users/subscribe', { body: request, signal }));
    },
    /** GET /users/stripe: the customer portal's address. */
    async portalUrl(signal?: AbortSignal): Promise<string> {
      return bodyOf(await client.GET('/users/stripe', { signal })).url;
    },
    /** GET /payment/checkouts/{id}: complete only once the provider's verified event arrived. */
    async checkout({ id }: { id: string }, signal?: AbortSignal): Promise<Checkout> {
      return bodyOf(await client.GET('/payment/checkouts/{id}', { params: { path: { id } }, signal }));
    },
  };
}

export type BillingCalls = ReturnType<typeof createBillingCalls>;

/** The calls as actors, in the shapes the machines declare, ready for `machine.provide({ actors })`. */
export function billingActorsOver(calls: BillingCalls) {
  return {
    /** For `checkoutMachine.provide({ actors: ... })`. */
    checkout: {
      startCheckout: fromPromise<CheckoutStarted, SubscribeRequest>(({ input, signal }) => calls.subscribe(input, signal)),
    },
    /** For `checkoutReturnMachine.provide({ actors: ... })`. */
    checkoutReturn: {
      getCheckout: fromPromise<Checkout, { id: string }>(({ input, signal }) => calls.checkout(input, signal)),
    },
  };
}

export const billingCalls: BillingCalls = createBillingCalls(api);

/**
 * Cache keys are `$api`'s own for the same paths: /users/plan is shared with the dashboard and
 * /keys, and invalidating `$api`'s key of a path reaches every reader of it.
 */
export const billingQueryKeys = {
  plans: $api.queryOptions('get', '/plans').queryKey,
  userPlan: $api.queryOptions('get', '/users/plan').queryKey,
  subscription: $api.queryOptions('get', '/users/subscription').queryKey,
  invoices: $api.queryOptions('get', '/payment/invoices').queryKey,
  user: meQueryKey,
} as const;

export function usePlans(calls: BillingCalls = billingCalls) {
  return useQuery({ queryKey: billingQueryKeys.plans, queryFn: ({ signal }) => calls.plans(signal) });
}

export interface UserPlanOptions {
  /** The calls to fetch it with: the real client unless a test brings its own (another server, say). */
  calls?: BillingCalls;
  /** How long an answer counts as fresh; the cache's default (or a test's seeded data) when left out. */
  staleTime?: number;
}

/**
 * The user's plan (GET /users/plan), the one way every screen reads it: one query, under `$api`'s
 * key for the path, so one answer serves the dashboard, keys, endpoints, usage, settings, support
 * and billing alike, and `refreshBillingData` refreshes it for all of them.
 */
export function useUserPlan({ calls = billingCalls, staleTime }: UserPlanOptions = {}) {
  return useQuery({
    queryKey: billingQueryKeys.userPlan,
    queryFn: ({ signal }) => calls.userPlan(signal),
    // Only when asked: an explicit undefined would override the defaults set for the key.
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/**
 * The user's plan as events for a machine: a callback actor that sends `toEvent(plan)` for the
 * cached answer and each new one, to the machine that invokes it; the screen's `useUserPlan` fetches it.
 */
export function userPlanFeed(queryClient: QueryClient, toEvent: (plan: UserPlan) => AnyEventObject) {
  return queryFeed<UserPlan>(queryClient, billingQueryKeys.userPlan, toEvent);
}

export function useSubscription(calls: BillingCalls = billingCalls) {
  return useQuery({ queryKey: billingQueryKeys.subscription, queryFn: ({ signal }) => calls.subscription(signal) });
}

export function useInvoices(calls: BillingCalls = billingCalls) {
  return useQuery({ queryKey: billingQueryKeys.invoices, queryFn: ({ signal }) => calls.invoices(signal) });
}

/**
 * Opening the customer portal: GET /users/stripe, then the browser leaves for its url
 * (`redirectTo`, the view's). Its failure is the mutation's error (failureMessage 'openPortal').
 */
export function usePortalRedirect(redirectTo: (url: string) => void, calls: BillingCalls = billingCalls) {
  return useMutation({
    mutationFn: () => calls.portalUrl(),
    onSuccess: (url) => redirectTo(url),
  });
}

/**
 * After a payment completed: what it changed (the user's credits and plan, the plan's limits, the
 * subscription, a new invoice). The session's user is refreshed by the screen, which holds the
 * auth actor.
 */
export function refreshBillingData(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [billingQueryKeys.user, billingQueryKeys.userPlan, billingQueryKeys.subscription, billingQueryKeys.invoices].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
