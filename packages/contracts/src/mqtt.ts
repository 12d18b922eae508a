/**
 * Device protocol v1 (docs/device-protocol.md): topics, timing, limits and the zod schemas of
 * every MQTT payload exchanged between machines and the gateway, one file per channel under
 * `mqtt/`. This entry keeps one import for the gateway, the simulator and tests (`@sbo/contracts/mqtt`).
 */
export * from './mqtt/topics';
export * from './mqtt/machines';
export { dryTemp, deviceFaultCodes } from './mqtt/fields';
export * from './mqtt/commands';
export * from './mqtt/reports';
export * from './mqtt/events';
export * from './mqtt/cards';
export * from './mqtt/messages';
