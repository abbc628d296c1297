/**
 * Every channel the owner can be told through (./channel.ts says what one is), in the order they are tried.
 */
import type { Channel } from './channel'
import { emailChannel } from './email'
import type { LeadEnv } from './env'
import { pushChannel } from './push'
import { webhookChannel } from './webhook'

/** Every channel, in the order they are tried. */
export const CHANNELS: readonly Channel[] = [emailChannel, webhookChannel, pushChannel]

/** The channels whose variables are all set. */
export function configuredChannels(env: LeadEnv): Channel[] {
  return CHANNELS.filter((channel) => channel.configured(env))
}

/**
 * The channels a notification is made for now: configured, and with someone to send to (push: a device
 * subscribed). A channel whose recipients cannot be read (push while D1 fails) is left out: the relay and the
 * planners go on with the others.
 */
export async function activeChannels(env: LeadEnv): Promise<Channel[]> {
  const listed = await Promise.all(
    configuredChannels(env).map(async (channel) => {
      try {
        return (await channel.recipients(env)).length > 0 ? channel : null
      } catch (error) {
        console.error(`${channel.name}: its recipients could not be read`, error)
        return null
      }
    }),
  )
  return listed.filter((channel): channel is Channel => channel !== null)
}

export function channelNamed(name: string): Channel | undefined {
  return CHANNELS.find((channel) => channel.name === name)
}

/** The names of the channels whose variables are all set (`npm start` prints them). */
export function channelsOf(env: LeadEnv): string[] {
  return configuredChannels(env).map((channel) => channel.name)
}
