import { MODEL_SETUP_HELP } from '@spoke/shared';
import { Sparkles } from 'lucide-react';
import { useModelStatus } from '#web/lib/server-status.ts';
import { StatusPanel } from './status-panel.tsx';

/**
 * Whether a language model is configured. Users are only told that none is set up; how to set
 * one up is for the operator, here.
 */
export function ModelStatus() {
  const { data } = useModelStatus();
  if (!data) return null;
  return data === 'configured' ? (
    <StatusPanel
      label="Language model"
      data-model={data}
      title="A language model is configured"
      text="Agents run their model and agent steps, and descriptions are compiled by the model."
      tone="good"
      Icon={Sparkles}
    />
  ) : (
    <StatusPanel
      label="Language model"
      data-model={data}
      title="No language model is configured"
      text={`Only plans of tool steps run; users are told an administrator can set a model up. ${MODEL_SETUP_HELP}`}
      tone="warning"
      Icon={Sparkles}
    />
  );
}
