/**
 * Every channel the owner can be told through (./channel.ts says what one is), in the order they are tried.
 */
import type { Channel } from './channel'
import { emailChannel } from './email'
import type { LeadEnv } from './env'
import { webhookChannel } from './webhook'

/** Every channel, in the order they are tried. */
export const CHANNELS: readonly Channel[] = [emailChannel, webhookChannel]

/** The channels whose variables are all set. */
export function configuredChannels(env: LeadEnv): Channel[] {
  return CHANNELS.filter((channel) => channel.configured(env))
}

export function channelNamed(name: string): Channel | undefined {
  return CHANNELS.find((channel) => channel.name === name)
}

/** The names of the channels whose variables are all set (`npm start` prints them). */
export function channelsOf(env: LeadEnv): string[] {
  return configuredChannels(env).map((channel) => channel.name)
}
