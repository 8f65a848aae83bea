/// The TrackPipe release, recorded in every output and report so a result can be reproduced.
public enum TrackPipeVersion {
    public static let current = "0.1.0"
}
