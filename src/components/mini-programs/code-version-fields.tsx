'use client';

import { useFormContext } from 'react-hook-form';
import { FormControl, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type CodeVersion = { userVersion: string; userDesc: string; extJson: string };

/**
 * Version, description and ext JSON of code to commit, inside a `<Form>` whose schema has those three fields: the
 * commit form (one mini program) and the rollout form (its ext JSON a template) ask for them alike.
 */
export function CodeVersionFields(props: {
  labels: { version: string; description: string; extJson: string; extJsonHint: string };
  className?: string;
}) {
  const { control } = useFormContext<CodeVersion>();
  const { labels } = props;
  return (
    <>
      <div className={props.className ?? 'grid gap-3'}>
        <FormField
          control={control}
          name="userVersion"
          label={labels.version}
          render={({ field }) => (
            <FormControl>
              <Input maxLength={64} {...field} />
            </FormControl>
          )}
        />
        <FormField
          control={control}
          name="userDesc"
          label={labels.description}
          render={({ field }) => (
            <FormControl>
              <Input maxLength={500} {...field} />
            </FormControl>
          )}
        />
      </div>
      <FormField
        control={control}
        name="extJson"
        label={labels.extJson}
        description={labels.extJsonHint}
        render={({ field }) => (
          <FormControl>
            <Textarea className="min-h-44 font-mono text-sm" rows={9} spellCheck={false} {...field} />
          </FormControl>
        )}
      />
    </>
  );
}
