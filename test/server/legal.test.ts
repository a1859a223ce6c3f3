import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLegalText } from '@server/legal/legal-text';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('legal text files', () => {
  it.each([
    ['a title and a paragraph', '# Terms\n\nHello.', { title: 'Terms', sections: [{ blocks: [{ kind: 'paragraph', text: 'Hello.' }] }] }],
    [
      'the updated date, sections, joined lines and lists',
      '\uFEFF# Privacy\r\nUpdated: 2026-01-31\r\n\r\nIntro\r\nline two.\r\n\r\n## Kept\r\n- e-mail\r\n- keys\r\n  wrapped\r\n\r\nAfter.\r\n',
      {
        title: 'Privacy',
        updatedAt: '2026-01-31',
        sections: [
          { blocks: [{ kind: 'paragraph', text: 'Intro line two.' }] },
          {
            heading: 'Kept',
            blocks: [
              { kind: 'list', items: ['e-mail', 'keys wrapped'] },
              { kind: 'paragraph', text: 'After.' },
            ],
          },
        ],
      },
    ],
    [
      'markup kept as text (the SPA never renders it as HTML)',
      '# T\n\n<script>alert(1)</script> **bold**',
      { title: 'T', sections: [{ blocks: [{ kind: 'paragraph', text: '<script>alert(1)</script> **bold**' }] }] },
    ],
  ])('reads %s', (_, text, expected) => {
    expect(parseLegalText(text)).toEqual(expected);
  });

  it.each([
    ['no title', 'Just text.', /first line must be the title/],
    ['an empty title', '# \n\nText', /first line must be the title/],
    ['no text', '# Terms\nUpdated: 2026-01-01\n\n## Empty', /no text/],
    ['an impossible date', '# Terms\nUpdated: 2026-02-30\n\nText', /not a date/],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseLegalText(text)).toThrow(message);
  });
});

describe('GET /api/legal/{document}', () => {
  let app: TestApp;
  let custom: TestApp;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    const terms = join(dir, 'terms.txt');
    writeFileSync(terms, '# House Rules\n\nBe kind to the nodes.\n');
    [app, custom] = await Promise.all([startTestApp(), startTestApp({ TERMS_FILE: terms })]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), custom.close()]);
  });

  it('serves the shipped terms and privacy policy to anyone, without a session', async () => {
    for (const [document, title] of [
      ['terms', 'Terms of Service'],
      ['privacy', 'Privacy Policy'],
    ]) {
      const answer = await app.app.inject({ method: 'GET', url: `/api/legal/${document}` });
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.title).toBe(title);
      expect(body.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(body.sections.length).toBeGreaterThan(1);
    }
  });

  it('says honestly what the server keeps', async () => {
    const text = JSON.stringify((await app.app.inject({ method: 'GET', url: '/api/legal/privacy' })).json());
    for (const kept of ['e-mail address', 'hash of your password', 'API keys', 'Usage of your keys', 'payment provider']) {
      expect(text).toContain(kept);
    }
  });

  it('serves the file TERMS_FILE names instead', async () => {
    const answer = await custom.app.inject({ method: 'GET', url: '/api/legal/terms' });
    expect(answer.json()).toEqual({ title: 'House Rules', sections: [{ blocks: [{ kind: 'paragraph', text: 'Be kind to the nodes.' }] }] });
    expect((await custom.app.inject({ method: 'GET', url: '/api/legal/privacy' })).json().title).toBe('Privacy Policy');
  });

  it('answers 404 for any other document', async () => {
    for (const url of ['/api/legal/cookies', '/api/legal/TERMS', '/api/legal/constructor', '/api/legal/__proto__']) {
      const answer = await app.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});
