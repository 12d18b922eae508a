/** A place or product as the device screens' pickers offer it. */
export type PickerOption = { id: number; name: string };
