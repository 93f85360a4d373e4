import {
  BookOpen,
  Building2,
  Code,
  Database,
  Download,
  FileText,
  Rocket,
  Terminal,
  type LucideIcon,
} from 'lucide-react';

// Only the icons the chapters name, so the docs chunk does not carry the whole icon set. A new
// chapter icon goes here; the content test lists any name missing from this map.
export const CHAPTER_ICONS: Record<string, LucideIcon> = {
  BookOpen,
  Building2,
  Code,
  Database,
  Download,
  Rocket,
  Terminal,
};

export function ChapterIcon({ name, className }: { name: string; className?: string }) {
  const Icon = CHAPTER_ICONS[name] ?? FileText;
  return <Icon aria-hidden="true" className={className} />;
}
