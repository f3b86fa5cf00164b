import { useEffect } from 'react';
import { TextField, type TextFieldProps } from '@aws-amplify/ui-react';
import type { FactoryArg } from 'imask';
import { useIMask } from 'react-imask';

type MaskedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  mask: FactoryArg;
  value: string;
  onChange: (value: string) => void;
};

/** An Amplify text field with an input mask; the form holds the masked text, the schema normalises it. */
export function MaskedTextField({ mask, value, onChange, ...props }: MaskedTextFieldProps) {
  const {
    ref,
    setValue,
    value: shown,
  } = useIMask<HTMLInputElement>(mask as never, {
    onAccept: (accepted) => onChange(accepted),
  });
  // A value set from outside (the loaded profile, the document type switching masks) is shown masked.
  useEffect(() => {
    if (value !== shown) setValue(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only outside changes of `value` matter here
  }, [value, mask]);
  return <TextField {...props} ref={ref} />;
}
