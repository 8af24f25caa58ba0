import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * The app a route plugin is given, its schemas typed by TypeBox: what a function registering one
 * route (or a small group of them) takes, so a plugin with many routes reads as a list of them.
 */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];
