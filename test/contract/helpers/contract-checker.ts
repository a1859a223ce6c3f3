import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { loadOpenApiDocument } from '@server/openapi/document';
import { listOperations, type OperationSpec } from '@server/openapi/operations';

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** Checks answers against openapi.yaml's response schema for their status, and records coverage. */
export class ContractChecker {
  readonly operations: readonly OperationSpec[] = listOperations(loadOpenApiDocument());
  /** operationId → statuses seen. */
  readonly seen = new Map<string, Set<number>>();
  private readonly ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true });

  constructor() {
    addFormats(this.ajv);
  }

  check(operationId: string, answer: Answer): void {
    const operation = this.operations.find((candidate) => candidate.operationId === operationId);
    if (operation === undefined) throw new Error(`No operation ${operationId} in openapi.yaml`);
    const declared = Object.keys(operation.responses);
    expect(declared, `${operationId} answered ${answer.statusCode}, which openapi.yaml does not declare: ${answer.body}`).toContain(
      String(answer.statusCode),
    );
    const schema = operation.responses[String(answer.statusCode)] ?? null;
    const html = operation.htmlStatuses.includes(String(answer.statusCode));
    if (html && (schema === null || String(answer.headers['content-type']).startsWith('text/html'))) {
      expect(String(answer.headers['content-type'])).toMatch(/^text\/html/);
      expect(answer.body, `${operationId} ${answer.statusCode} is a page`).toMatch(/^<!doctype html>/i);
    } else if (schema === null) {
      expect(answer.body, `${operationId} ${answer.statusCode} has no body in openapi.yaml`).toBe('');
    } else {
      expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
      const validate = this.ajv.compile(schema);
      const body: unknown = JSON.parse(answer.body);
      const valid = validate(body);
      expect(
        valid,
        `${operationId} ${answer.statusCode} body ${answer.body} breaks its schema: ${this.ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
    const statuses = this.seen.get(operationId) ?? new Set<number>();
    statuses.add(answer.statusCode);
    this.seen.set(operationId, statuses);
  }
}
