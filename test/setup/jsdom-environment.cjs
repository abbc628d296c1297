/**
 * jsdom without Node's fetch primitives breaks react-router's data router (it builds Requests).
 * This environment hands the test window Node's own Request/Response/Headers/fetch, and Node's
 * AbortController so their signals are accepted by Node's Request.
 */
const { TestEnvironment } = require('jest-environment-jsdom')

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
    })
  }
}

module.exports = JsdomWithFetch
