// Compiled by test/openapi.test.ts beside `generated.ts`, the types openapi-typescript writes from the
// served OpenAPI document (not part of `npm run typecheck`: the generated file exists only in the test).
// Each line is a call the web client makes, typed by the document: if the document and our own types
// drift apart, this stops compiling.
import type {
  CollectionDto,
  CollectionInput,
  CurrentUser,
  OrganisationInput,
  Problem,
  SavedRevision,
  SaveRevisionBody,
} from '@dcf/domain';
import type { components, paths } from './generated';

/** A type that must not be `never` (a path, method or status the document lacks would make it one). */
type Present<T> = [T] extends [never] ? 'missing from the document' : T;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type ProblemOf<T> = T extends { content: { 'application/problem+json': infer Body } } ? Body : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = Present<
  paths[P][M] extends { responses: { [K in S]: infer R } } ? JsonOf<R> : never
>;
type Body<P extends keyof paths, M extends keyof paths[P]> = Present<
  paths[P][M] extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never
>;

declare const value: <T>() => T;

// What the document promises is what the web client reads...
export const currentUser: CurrentUser = value<Answer<'/v1/api/User/Current', 'get', 200>>();
export const collection: CollectionDto = value<Answer<'/v1/api/Collection/{id}', 'get', 200>>();
export const saved: SavedRevision =
  value<Answer<'/v1/api/Submission/{id}/SubmissionRevision', 'post', 201>>();
// ...what the web client sends is what the document accepts...
export const newCollection: Body<'/v1/api/Collection', 'post'> = value<CollectionInput>();
export const organisation: Body<'/v1/api/Organisation/{id}', 'put'> = value<OrganisationInput>();
export const revision: Body<'/v1/api/Submission/{id}/SubmissionRevision', 'post'> = value<SaveRevisionBody>();
// ...and a refusal is a Problem, with a code the catalogue knows.
export const problem: Problem = value<Present<components['schemas']['Problem']>>();
export const refused: Problem =
  value<Present<ProblemOf<paths['/v1/api/Collection/{id}']['put']['responses']['4XX']>>>();
