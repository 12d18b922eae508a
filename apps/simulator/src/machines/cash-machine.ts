import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { BillAcceptor, CoinDispenser } from './cash';
import { fail } from './command-result';
import type { CommandResult } from './command-result';
import type { MachineSetup } from './machine-types';
import { SelfServiceMachine } from './self-service';

/** A coin hopper's size in coins: what it holds when full and what it starts with. */
type HopperCoins = { capacity: number; filled: number };

/**
 * A machine that runs no program (vending machine, coin changer): it takes notes, pays coins from
 * its hopper, has no cycle time to report, and answers only the commands every machine shares.
 */
export abstract class CashMachine extends SelfServiceMachine {
  /** How the machine names itself when it refuses a command, e.g. `a vending machine`. */
  protected abstract readonly calledIn: string;

  constructor(setup: MachineSetup, notes: readonly number[], hopper: HopperCoins) {
    super(setup);
    const coin = setup.currency.coin;
    this.billAcceptor = new BillAcceptor(notes);
    this.coinDispenser = new CoinDispenser(coin, hopper.capacity * coin, hopper.filled * coin);
  }

  protected remainingSeconds(): number | null {
    return null;
  }

  protected handleSpecific(command: DeviceCommand): CommandResult {
    return fail(ackCodes.invalidCommand, `${command.action} does not apply to ${this.calledIn}`);
  }
}
