/** The `spoke` command-line tool; commands arrive with the CLI work. */
export const CLI_NAME = 'spoke';
