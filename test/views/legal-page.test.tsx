import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LegalDocument } from '@machines/legal-document';
import { queryClient } from '@/app/query-client';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import type { LegalDocumentName } from '@/domain/paths';
import LegalPage from '@/views/legal/legal-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type LegalDocumentModelEvent, legalDocumentFlow, legalDocumentPaths, sampleTerms } from '../machines/models/legal-document.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig, unseedConfig } from './seed-config';

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  unseedConfig();
});

function renderLegal(document: LegalDocumentName = 'terms') {
  seedConfig();
  const fetchDocument = pendingCall<LegalDocument, { document: LegalDocumentName }>('fetchDocument');
  const rendered = renderInApp(<LegalPage document={document} actors={{ fetchDocument: fetchDocument.logic }} />, { path: `/${document}` });
  return { fetchDocument, ...rendered };
}

describe('legal page, walking the legal document machine paths', () => {
  for (const path of legalDocumentPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { fetchDocument } = renderLegal();
      await legalDocumentFlow.run(
        path,
        {
          'legal.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
          'xstate.done.actor.fetchDocument': ({ output }) => act(async () => fetchDocument.resolve(output)),
          'xstate.error.actor.fetchDocument': ({ error }) => act(async () => fetchDocument.reject(error)),
        } satisfies Executors<LegalDocumentModelEvent>,
        (expected) => {
          // The page keeps its one h1 in every state: the document's own title once it is there.
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(expected.context.text?.title ?? 'Terms of Service');
          expect(screen.queryByText('Loading the Terms of Service...') !== null).toBe(expected.matches('loading'));
          const alert = screen.queryByRole('alert');
          expect(alert?.textContent ?? null).toBe(expected.matches('failed') ? expected.context.error : null);
          expect(screen.queryByRole('button', { name: 'Retry' }) !== null).toBe(expected.matches('failed'));
          expect(screen.queryByText('These are the terms.') !== null).toBe(expected.matches('loaded'));
        },
      );
    });
  }
});

describe('legal page', () => {
  it('shows the sections as headings, paragraphs and lists, the date and the product name', async () => {
    const { fetchDocument } = renderLegal();
    await act(async () => fetchDocument.resolve(sampleTerms));
    expect(fetchDocument.inputs).toEqual([{ document: 'terms' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(screen.getByText('Last updated 2026-11-24')).toBeTruthy();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Keep your keys secret.', 'One account per person.']);
    expect(screen.getByText('Test RPC')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Terms of Service | Test RPC'));
  });

  it('shows markup in the text as text, never as HTML', async () => {
    const { fetchDocument } = renderLegal();
    const markup = '<img src=x onerror=alert(1)> **bold**';
    await act(async () => fetchDocument.resolve({ title: 'T', sections: [{ blocks: [{ kind: 'paragraph', text: markup }] }] }));
    expect(screen.getByText(markup)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('leads back to /login when signed out, and to the other document', () => {
    renderLegal('privacy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });

  it('leads back to the dashboard when signed in', async () => {
    localStorage.setItem('token', 'stored-token');
    renderLegal('terms');
    expect((await screen.findByRole('link', { name: 'Back to the dashboard' })).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it("says what failed in the failure's words", async () => {
    const { fetchDocument } = renderLegal();
    await act(async () => fetchDocument.reject(new Error('network down')));
    expect(screen.getByRole('alert').textContent).toBe(failureMessage('loadLegalDocument', failureIn(new Error('network down'))));
  });
});
