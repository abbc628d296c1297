/**
 * A Worker the Pages stack runs in its wrangler process for the tests (test/helpers/pages-stack.ts), beside the
 * Pages project and the schedule Worker, bound to the same D1: it runs the statements a test posts, in one batch,
 * and answers D1's results. Reached only on the runtime's own loopback address, by name; never deployed.
 */
interface Database {
  prepare(sql: string): { bind(...values: unknown[]): unknown }
  batch(statements: unknown[]): Promise<unknown[]>
}

export default {
  async fetch(request: Request, env: { DB: Database }): Promise<Response> {
    const { statements } = (await request.json()) as { statements: { sql: string; params: unknown[] }[] }
    try {
      return Response.json(
        await env.DB.batch(statements.map(({ sql, params }) => env.DB.prepare(sql).bind(...params))),
      )
    } catch (error) {
      return new Response(String(error), { status: 500 })
    }
  },
}
