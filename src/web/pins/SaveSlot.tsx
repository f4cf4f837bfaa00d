import { SaveButton } from '../save/SaveButton.tsx';
import type { PinJson } from './types.ts';

/** Where a tile's and the pin page's save control goes; the control and its board picker live in src/web/save. */
export function SaveSlot({ pin }: { pin: PinJson }) {
  return <SaveButton pin={pin} />;
}
