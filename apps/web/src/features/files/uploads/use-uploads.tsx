/**
 * The tab's one upload store and its React bindings. Screens and the shell's upload panel share
 * it; tests hand a store with a fake engine through UploadStoreProvider.
 */
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import { createTusEngine } from "./tus-engine";
import { createUploadStore, type UploadEntry, type UploadStore } from "./upload-store";

let tabStore: UploadStore | null = null;

function getTabStore(): UploadStore {
  tabStore ??= createUploadStore(createTusEngine());
  return tabStore;
}

const UploadStoreContext = createContext<UploadStore | null>(null);

export function UploadStoreProvider({ store, children }: { store: UploadStore; children: ReactNode }) {
  return <UploadStoreContext value={store}>{children}</UploadStoreContext>;
}

export function useUploadStore(): UploadStore {
  return useContext(UploadStoreContext) ?? getTabStore();
}

export function useUploadEntries(): readonly UploadEntry[] {
  const store = useUploadStore();
  return useSyncExternalStore(store.subscribe, store.getEntries, store.getEntries);
}
