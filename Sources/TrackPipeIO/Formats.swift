public enum TrackPipeIOPlaceholder {}
