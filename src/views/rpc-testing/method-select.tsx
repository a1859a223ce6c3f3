import { Field, NativeSelect } from '@chakra-ui/react';
import type { RpcMethodGroup } from '@/domain/rpc-method-registry';
import { RPC_METHODS } from '@/domain/rpc-methods';

const groups = RPC_METHODS.reduce<Map<RpcMethodGroup, string[]>>((byGroup, method) => {
  byGroup.set(method.group, [...(byGroup.get(method.group) ?? []), method.name]);
  return byGroup;
}, new Map());

interface MethodSelectProps {
  value: string;
  onChange: (method: string) => void;
  disabled: boolean;
}

/** The ~48 methods of SPEC.md "/rpc-testing", grouped; a native select, so it works with any input. */
export function MethodSelect({ value, onChange, disabled }: MethodSelectProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>Method</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)} fontFamily="mono" fontSize="sm">
          <option value="" disabled>
            Select a method
          </option>
          {[...groups].map(([group, names]) => (
            <optgroup key={group} label={group}>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
