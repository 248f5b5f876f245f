// Names a player would use: "Red's carrier 1", "Abyz–Fria", never the engine's ids.

// Dark enough for a white letter on a command token.
const COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#7a5c00", "#6a1b9a", "#b34700"];

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export class Names {
  constructor(view) {
    this.players = view.players;
    this.systems = view.systems;
    const ids = this.players.map((p) => escapeRegExp(p.id)).sort((a, b) => b.length - a.length);
    // Unit ids are "<player>-<type>-<n>"; only a known player's prefix makes one.
    this.unitPattern = ids.length ? new RegExp(`\\b(${ids.join("|")})-([a-z_]+)-(\\d+)\\b`, "g") : null;
  }

  player(id) {
    const player = this.players.find((p) => p.id === id);
    return player ? player.name || id : id;
  }

  // "Red (Federation of Sol)" is too long for a hex or a unit; its first word is enough.
  short(id) {
    return this.player(id).split(" ")[0];
  }

  colour(id) {
    const index = this.players.findIndex((p) => p.id === id);
    return index < 0 ? "#666" : COLOURS[index % COLOURS.length];
  }

  system(id) {
    const system = this.systems.find((x) => x.id === id);
    return system ? system.name || id : id;
  }

  unit(id) {
    return this.text(id);
  }

  // Any unit id inside an engine text, replaced by the unit's name.
  text(words) {
    if (!this.unitPattern) return words;
    return words.replace(
      this.unitPattern,
      (_, owner, type, n) => `${this.short(owner)}'s ${typeName(type)} ${n}`,
    );
  }
}

export function typeName(type) {
  return type.replace(/_/g, " ");
}
