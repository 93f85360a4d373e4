import { TextField } from '#web/components/text-field.tsx';
import { DEFAULT_AFTER_LOGIN } from '#web/features/auth/next-location.ts';
import { GoogleOption } from '../google-button.tsx';
import { bindField, type StepProps } from './step-props.ts';

export function AccountStep(props: StepProps) {
  return (
    <div className="space-y-4">
      <GoogleOption
        next={DEFAULT_AFTER_LOGIN}
        label="Sign up with Google"
        divider="or sign up with e-mail"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          {...bindField(props, 'firstName')}
        />
        <TextField label="Last name" autoComplete="family-name" {...bindField(props, 'lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...bindField(props, 'email')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...bindField(props, 'username')}
      />
    </div>
  );
}
